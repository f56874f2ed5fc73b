// The state every view reads and the actions they share: the trace on screen with what the views
// derive from it, the current step, playback, the settings for the next capture, and the trace work
// (capturing, loading, preparing) that runs in the background. Views never call CUDA or the emulator
// themselves; they ask AppState, which does that work off the UI thread.
#pragma once

#include "core/analysis/loaded_grid_trace.hpp"
#include "core/analysis/loaded_trace.hpp"
#include "core/analysis/trace_comparison.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/util/background_task.hpp"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

// What a status message is: news, a warning (a settings file ignored: the app carries on as asked), or an
// error (what was asked for failed). The kind is data: messages are written without "warning: " or
// "error: ", and status_message_text() adds the word where a message is shown (the status bar,
// report-settings), the one place it is added, so no message is ever prefixed twice.
enum class MessageKind { info, warning, error };

// The message as shown: "warning: TEXT", "error: TEXT", or TEXT.
std::string status_message_text(MessageKind kind, const std::string& message);

class AppState {
public:
    AppState();

    // --- the trace on screen and the current step ---
    const LoadedTrace* trace() const { return trace_.get(); }
    int step() const { return step_; }
    int step_count() const;
    void show_trace(std::unique_ptr<LoadedTrace> loaded);
    // A trace read from a file: the settings panel takes its configuration, then it is shown.
    void show_trace_file(std::unique_ptr<LoadedTrace> loaded);
    // The file the trace on screen was read from ("" for a trace recorded in this session), and
    // whether the capture settings were edited since it opened (the panel then says how to trace them).
    const std::string& trace_file() const { return trace_file_; }
    bool file_settings_edited() const { return file_settings_edited_; }
    void set_step(int step);
    void next_step() { set_step(step_ + 1); }
    void previous_step() { set_step(step_ - 1); }
    void first_step() { set_step(0); }
    void last_step() { set_step(step_count() - 1); }
    // "Jump to the first wrong output": the last step, and the views scroll element `element` into view
    // once (each request has a new serial, so a view acts on it one time).
    struct ElementFocus {
        int element = -1;
        int serial = 0;
    };
    void jump_to_first_wrong();
    const ElementFocus& element_focus() const { return element_focus_; }
    // Reveal mode (presentation mode turns it on): the views draw no step after the current one at
    // all, not even dimmed, so the hall sees each result only when the lecturer steps to it.
    bool reveal = false;

    // --- a grid trace (issue 13): a scan across many blocks, captured in the emulator in the background
    // beside the block trace, with its own step (app_state_grid.cpp) ---
    GridCaptureRequest grid_setup = default_grid_setup();
    static GridCaptureRequest default_grid_setup();
    void capture_grid();
    const LoadedGridTrace* grid() const { return grid_.get(); }
    int grid_step() const { return grid_step_; }
    int grid_step_count() const { return grid_ ? static_cast<int>(grid_->steps.steps.size()) : 0; }
    void set_grid_step(int step);
    // "Tracing the grid…" while it runs, else why the last grid capture failed ("" when it did not):
    // a deadlock is this one line, and the grid trace shown before stays.
    const std::string& grid_status() const { return grid_status_; }
    bool grid_failed() const { return grid_failed_; }
    // A grid trace read from a file (File ▸ Open, a drop, the file browser, --trace, the script's `open`:
    // load_trace tells the two kinds apart by content): the Grid scan settings take its configuration, a
    // grid capture still running is dropped, and the Grid tab is asked for (take_grid_tab_request).
    void show_grid_file(std::unique_ptr<LoadedGridTrace> loaded, const std::string& path);
    // The file the grid trace on screen was read from, "" for one traced in this session.
    const std::string& grid_file() const { return grid_file_; }
    // Whether a grid file was just shown, once: file_opening then selects the Grid tab.
    bool take_grid_tab_request() { return std::exchange(grid_tab_requested_, false); }
    // The capture settings that record `config` again (the device: the GPU only where there is one).
    static GridCaptureRequest grid_request_like(const GridTraceConfig& config, GridCaptureRequest base);
    // Atomic replace, as save_trace; "no grid trace to save yet" before the first.
    void save_grid_trace(const std::string& path);
    // The selected tab shows the grid trace: the step keys, scripted `step` and playback move its step.
    bool stepping_grid = false;
    // The step keys' actions on whichever trace is being stepped (stepping_grid).
    int shown_step() const { return stepping_grid ? grid_step_ : step_; }
    int shown_step_count() const { return stepping_grid ? grid_step_count() : step_count(); }
    void go_to_step(int step) { stepping_grid ? set_grid_step(step) : set_step(step); }
    void go_next() { go_to_step(shown_step() + 1); }
    void go_previous() { go_to_step(shown_step() - 1); }
    void go_first() { go_to_step(0); }
    void go_last() { go_to_step(shown_step_count() - 1); }

    // --- playback: one step every play_interval seconds ---
    bool playing() const { return playing_; }
    void toggle_play();
    void set_playing(bool playing);
    float play_interval = 0.8f;
    void advance_time(double seconds);

    // --- capture: the setup of the next trace, and trace work in the background ---
    ScanSetup setup;
    bool auto_capture = true; // re-trace whenever a setting changes, unless a file is shown
    void settings_changed();  // called by views after editing `setup`
    void capture_now();
    // A trace file, read and prepared in the background: a block trace (shown as the trace on screen)
    // or a grid trace (show_grid_file), by its content.
    void load_trace(const std::string& path);
    bool busy() const { return task_.busy() || companion_task_.busy() || compare_task_.busy() || grid_task_.busy(); }
    void poll_background_work(); // once a frame

    // The block trace on screen, atomically replacing `path`.
    void save_trace(const std::string& path);

    // Trace files opened or saved since the last call, for the recent-files list (settings_glue).
    std::vector<std::string> take_trace_files_used() { return std::exchange(trace_files_used_, {}); }

    // --- a companion trace to compare with: the other Blelloch layout (plain / padded) on the same
    // input and settings, captured in the background whenever the trace on screen is a Blelloch one ---
    const LoadedTrace* companion() const { return companion_.get(); }

    // --- compare mode (F3): a second trace beside the first, stepping with it, differences marked
    // (core/analysis/trace_comparison.hpp). The second trace is the first one's setup with another
    // kernel, device or warp order, captured in the background whenever either changes, or a trace file.
    struct CompareChoice {
        BlockAlgorithm algorithm = kDefaultBlockAlgorithm;
        DeviceChoice device = DeviceChoice::automatic;
        WarpOrder warp_order = WarpOrder::in_order;
        friend bool operator==(const CompareChoice&, const CompareChoice&) = default;
    };
    bool comparing() const { return comparing_; }
    // Turning it on the first time picks the kernel's counterpart (compare_counterpart_of) on the same
    // device and warp order.
    void set_comparing(bool on);
    CompareChoice compare_choice;
    void compare_choice_changed(); // after editing compare_choice: back from a file, traced again
    void load_compare_trace(const std::string& path);
    // The second trace and the comparison, once both sides are ready (nullptr before, and while off).
    const LoadedTrace* compared() const { return comparing_ && comparison_ ? compared_.get() : nullptr; }
    const TraceComparison* comparison() const { return comparing_ ? comparison_.get() : nullptr; }
    int compared_step() const; // the second trace's step shown with step()
    // What the second side says while it has no trace: "Tracing …", or why it cannot be traced.
    const std::string& compare_status() const { return compare_status_; }
    const std::string& compare_file() const { return compare_file_; }

    // --- the device the next capture would use, for the status line ---
    const GpuStatus& gpu() const { return gpu_info(); }

    // --- one status message at a time, shown in the status bar ---
    const std::string& message() const { return message_; }
    MessageKind message_kind() const { return message_kind_; }
    bool message_is_error() const { return message_kind_ == MessageKind::error; }
    void inform(std::string message);
    void warn(std::string message);
    void report_error(std::string message);

private:
    struct Prepared {
        Prepared(std::unique_ptr<LoadedTrace> trace, std::string text, bool read_from_file)
            : loaded(std::move(trace)), message(std::move(text)), from_file(read_from_file) {}
        // A grid trace file, read from `path`.
        Prepared(std::unique_ptr<LoadedGridTrace> grid_trace, std::string path, std::string text)
            : message(std::move(text)), from_file(true), grid(std::move(grid_trace)), grid_path(std::move(path)) {}
        std::unique_ptr<LoadedTrace> loaded;
        std::string message;
        bool from_file = false;
        std::unique_ptr<LoadedGridTrace> grid; // instead of `loaded`, for a grid trace file
        std::string grid_path;
    };
    using Job = std::function<Prepared(TaskControl&)>;
    void run(Job job);

    void capture_companion();
    bool begin_compare_job();
    void capture_compared();
    void poll_compared();
    void poll_grid();

    std::unique_ptr<LoadedTrace> trace_;
    ElementFocus element_focus_;
    std::unique_ptr<LoadedTrace> companion_;
    BackgroundTask<Prepared> companion_task_;
    bool companion_pending_ = false;
    bool comparing_ = false;
    bool compare_chosen_ = false; // compare_choice was set (by the first set_comparing or by the user)
    std::unique_ptr<LoadedTrace> compared_;
    std::unique_ptr<TraceComparison> comparison_;
    BackgroundTask<Prepared> compare_task_;
    bool compare_pending_ = false; // another capture asked for while one ran
    std::string compare_status_;
    std::string compare_file_; // the second trace's file, or "" when it is captured
    int step_ = 0;
    bool playing_ = false;
    double play_clock_ = 0;
    BackgroundTask<Prepared> task_;
    Job pending_; // the newest job asked for while another ran; older ones are dropped
    std::string message_;
    MessageKind message_kind_ = MessageKind::info;
    std::string trace_file_;
    bool file_settings_edited_ = false;
    std::vector<std::string> trace_files_used_;
    std::unique_ptr<LoadedGridTrace> grid_;
    int grid_step_ = 0;
    BackgroundTask<std::shared_ptr<LoadedGridTrace>> grid_task_;
    bool grid_pending_ = false; // asked again while one ran: captured anew when it ends
    std::string grid_status_;
    bool grid_failed_ = false;
    bool grid_capture_dropped_ = false; // a grid file replaced what the running capture was for
    bool grid_tab_requested_ = false;
    std::string grid_file_;
};

} // namespace prefixlab
