// The block trace session: the trace on screen with what the views derive from it, its current step,
// the settings of the next capture, and the trace work (capturing, loading, preparing) that runs in the
// background. Views never call CUDA or the emulator themselves; they ask the session, which does that
// work off the UI thread.
#pragma once

#include "core/analysis/loaded_trace.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/util/background_task.hpp"
#include "gui/sessions/status_messages.hpp"
#include "gui/sessions/stepped_session.hpp"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

class TraceSession final : public SteppedSession, public BackgroundWork {
public:
    explicit TraceSession(StatusMessages& messages) : messages_(messages) {}

    // --- the trace on screen and its step (SteppedSession) ---
    const LoadedTrace* trace() const { return trace_.get(); }
    bool has_trace() const override { return trace_ != nullptr; }
    int step() const override { return step_; }
    int step_count() const override;
    void set_step(int step) override;
    Narration narration() const override;
    std::string step_line() const override;
    std::string source_line() const override;
    const char* noun() const override { return "trace"; }
    // The trace on screen, atomically replacing `path`.
    void save(const std::string& path) override;
    bool exports_steps() const override { return trace_ != nullptr; }

    void show_trace(std::unique_ptr<LoadedTrace> loaded);
    // The next trace shown opens on `step` (clamped) instead of its first: a scene restored before its
    // trace is captured.
    void step_when_shown(int step) { step_when_shown_ = step; }
    // A trace read from a file: the settings panel takes its configuration, then it is shown.
    void show_trace_file(std::unique_ptr<LoadedTrace> loaded);
    // Called whenever another trace is shown (a feature that traces beside it traces again).
    void when_shown(std::function<void()> listener) { shown_listeners_.push_back(std::move(listener)); }
    // Compare mode: the trace shown beside this one and its step (nullptr while there is none). The
    // narration then speaks of both sides, "Left, …" and "Right, …", so the hall hears what each did.
    struct Beside {
        const LoadedTrace* trace = nullptr;
        int step = 0;
    };
    void narrate_beside(std::function<Beside()> beside) { beside_ = std::move(beside); }
    // The file the trace on screen was read from ("" for a trace recorded in this session), and
    // whether the capture settings were edited since it opened (the panel then says how to trace them).
    const std::string& trace_file() const { return trace_file_; }
    bool file_settings_edited() const { return file_settings_edited_; }
    // "Jump to the first wrong output": the last step, and the views scroll element `element` into view
    // once (each request has a new serial, so a view acts on it one time).
    struct ElementFocus {
        int element = -1;
        int serial = 0;
    };
    void jump_to_first_wrong();
    const ElementFocus& element_focus() const { return element_focus_; }

    // --- capture: the setup of the next trace, and trace work in the background ---
    ScanSetup setup;
    bool auto_capture = true; // re-trace whenever a setting changes, unless a file is shown
    void settings_changed();  // called by views after editing `setup`
    void capture_now();
    // A block trace file, read and prepared in the background; its reader names what is wrong with a
    // file that is not one.
    void load_trace(const std::string& path);
    bool busy() const { return task_.busy() || companion_task_.busy(); }
    bool tracing() const override { return busy(); }
    void poll() override;

    // Trace files opened or saved since the last call, for the recent-files list.
    std::vector<std::string> take_trace_files_used() { return std::exchange(trace_files_used_, {}); }

    // --- a companion trace: the other Blelloch layout (plain / padded) on the same
    // input and settings, captured in the background whenever the trace on screen is a Blelloch one ---
    const LoadedTrace* companion() const { return companion_.get(); }

    // --- the device the next capture would use, for the status line ---
    const GpuStatus& gpu() const { return gpu_info(); }

private:
    struct Prepared {
        std::unique_ptr<LoadedTrace> loaded;
        std::string message;
        bool from_file = false;
    };
    using Job = std::function<Prepared(TaskControl&)>;
    void run(Job job);
    void capture_companion();

    StatusMessages& messages_;
    std::unique_ptr<LoadedTrace> trace_;
    int step_ = 0;
    int step_when_shown_ = -1; // -1: none asked for
    ElementFocus element_focus_;
    std::vector<std::function<void()>> shown_listeners_;
    std::function<Beside()> beside_;
    std::unique_ptr<LoadedTrace> companion_;
    BackgroundTask<Prepared> companion_task_;
    bool companion_pending_ = false;
    BackgroundTask<Prepared> task_;
    Job pending_; // the newest job asked for while another ran; older ones are dropped
    std::string trace_file_;
    bool file_settings_edited_ = false;
    std::vector<std::string> trace_files_used_;
};

} // namespace prefixlab
