// The grid trace session (issue 13): a scan across many blocks, captured in the emulator or on the GPU
// on a background thread like the block traces — a run of 1024 tiles (about a second under the emulator)
// never holds a frame, and a deadlock, which the emulator detects and names, arrives as a one-line error
// while the previous grid trace stays shown — or read from a grid trace file. The Grid and Timeline
// tabs step it (SteppedSession).
#pragma once

#include "core/analysis/loaded_grid_trace.hpp"
#include "core/capture/grid_capture.hpp"
#include "core/util/background_task.hpp"
#include "gui/sessions/status_messages.hpp"
#include "gui/sessions/stepped_session.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

class GridSession final : public SteppedSession, public BackgroundWork {
public:
    // Once the window is open: where its messages go.
    void attach(StatusMessages& messages) { messages_ = &messages; }

    // --- the grid trace on screen and its step (SteppedSession) ---
    const LoadedGridTrace* grid() const { return grid_.get(); }
    bool has_trace() const override { return grid_ != nullptr; }
    int step() const override { return step_; }
    int step_count() const override { return grid_ ? static_cast<int>(grid_->steps.steps.size()) : 0; }
    void set_step(int step) override;
    Narration narration() const override;
    std::string step_line() const override;
    const char* noun() const override { return "grid trace"; }
    // Atomic replace, as the block trace's; "no grid trace to save yet" before the first.
    void save(const std::string& path) override;

    // --- capture: the settings of the next grid trace (the settings panel's Grid scan section) ---
    GridCaptureRequest setup = default_setup();
    static GridCaptureRequest default_setup();
    void capture();
    // The next grid trace shown opens on `step` (clamped): a scene restored before its trace is captured.
    void step_when_shown(int step) { step_when_shown_ = step; }
    // "Tracing the grid…" while it runs, else why the last grid capture failed ("" when it did not):
    // a deadlock is this one line, and the grid trace shown before stays.
    const std::string& status() const { return status_; }
    bool failed() const { return failed_; }

    // --- files: a grid trace file read in the background (File ▸ Open, a drop, the browser, --trace,
    // the script's `open`); the Grid scan settings take its configuration, a capture still running is
    // dropped, and the Grid tab is asked for (take_tab_request) ---
    void load(const std::string& path);
    // The file the grid trace on screen was read from, "" for one traced in this session.
    const std::string& file() const { return file_; }
    bool take_tab_request() { return std::exchange(tab_requested_, false); }
    std::vector<std::string> take_files_used() { return std::exchange(files_used_, {}); }
    // The capture settings that record `config` again (the device: the GPU only where there is one).
    static GridCaptureRequest request_like(const GridTraceConfig& config, GridCaptureRequest base);

    bool busy() const { return task_.busy() || read_task_.busy(); }
    bool tracing() const override { return busy(); }
    // A file being read, or read and not yet shown on its tab (the tab is selected at the end of the frame
    // that took it: a script waiting for files at start must not run its first command before that).
    bool reading() const { return read_task_.busy() || tab_requested_; }
    bool reading_files() const override { return reading(); }
    void poll() override;

private:
    void inform(std::string text) const { if (messages_) messages_->inform(std::move(text)); }
    void report_error(std::string text) const { if (messages_) messages_->report_error(std::move(text)); }
    void show_file(std::unique_ptr<LoadedGridTrace> loaded, const std::string& path);

    StatusMessages* messages_ = nullptr;
    std::unique_ptr<LoadedGridTrace> grid_;
    int step_ = 0;
    int step_when_shown_ = -1; // -1: none asked for
    BackgroundTask<std::shared_ptr<LoadedGridTrace>> task_;
    BackgroundTask<std::shared_ptr<LoadedGridTrace>> read_task_;
    std::string reading_;      // the file read_task_ reads
    std::string pending_read_; // the newest file asked for while another was read
    bool pending_ = false; // asked again while one ran: captured anew when it ends
    std::string status_;
    bool failed_ = false;
    bool capture_dropped_ = false; // a grid file replaced what the running capture was for
    bool tab_requested_ = false;
    std::string file_;
    std::vector<std::string> files_used_;
};

} // namespace prefixlab
