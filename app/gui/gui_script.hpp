// Scripted mode (`prefixlab --script FILE`): GUI commands run one after another, frame by frame, in a
// real window, then the program exits. For GUI tests, frame-time measurements and reproducible
// screenshots for slides and the README. The commands are documented in docs/gui-script.md.
#pragma once

#include "gui/gui_script_bench.hpp"
#include "gui/gui_script_grid.hpp"
#include "gui/gui_script_trace.hpp"
#include "gui/platform/platform_window.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace prefixlab {

class AppState;
class Workspace;
class ImGuiLayer;
class FileOpening;
class ViewExport;

class ScriptError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One argument of a command, read and checked when the script was read (gui_script_reader.cpp), so
// that running it cannot fail on its value.
struct ScriptArg {
    std::string text;                  // as written: a path, a tab title
    std::uint64_t whole = 0;           // a whole number (frames, pixels, a step)
    double number = 0;                 // a number (a scale, a fraction)
    std::optional<std::size_t> choice; // a name: its index among the names the command takes
};

struct ScriptCommand {
    std::string name;
    std::vector<ScriptArg> args; // as many as the command takes, optional ones only when given
    TraceSettings trace;         // `trace`
    BenchSettings bench;         // `bench`
    GridTraceSettings grid;      // `grid-trace`
    bool benchmark = false;      // run by ScriptRunner::run_bench_command (the command table says)
    bool files = false;          // run by ScriptRunner::run_files_command (gui_script_files.cpp)
    bool exports = false;        // run by ScriptRunner::run_export_command (gui_script_exports.cpp)
    std::string where;           // "FILE:LINE", for messages at run time
};

// Reads the whole script and checks every argument of every command before any window opens; throws
// ScriptError, one line: "script FILE:LINE: …". The file is read through read_bounded_file, so a
// device, a FIFO, a file over kMaxScriptFileBytes or a line over kMaxScriptLineBytes is refused, not
// read. `starts_on_trace_file`: the GUI opens on a trace file (--trace), so the capture settings a
// `trace` command changes are the file's, not the defaults.
std::vector<ScriptCommand> parse_script_file(const std::string& path, bool starts_on_trace_file = false);
// The same check of a script's text (the fuzz target's entry); `source_name` stands for the file in
// messages ("NAME:LINE"). Lines over kMaxScriptLineBytes are refused.
std::vector<ScriptCommand> parse_script_text(std::string_view text, const std::string& source_name,
                                             bool starts_on_trace_file = false);

// What the script can reach in the running GUI.
struct ScriptHost {
    AppState& state;
    Workspace& workspace;
    ImGuiLayer& imgui;
    PlatformWindow& window; // non-const: `drop` delivers paths through its drop callback
    FileOpening& files;
    ViewExport& exports;
};

class ScriptRunner {
public:
    ScriptRunner() = default;
    explicit ScriptRunner(std::vector<ScriptCommand> commands) : commands_(std::move(commands)), active_(true) {}

    bool active() const { return active_; }

    // Before a frame is drawn: runs commands until one must wait for frames to pass.
    void before_frame(ScriptHost& host);
    // After the frame rendered, before the swap: the screenshot path to write now, or "".
    std::string take_screenshot_request();
    // After the swap: the frame's duration, for measure-frames.
    void after_frame(double frame_ms);
    bool wants_quit() const { return quit_; }
    // A failure while running (e.g. a trace file that does not load); exit code 1 after quitting.
    // A failed check-layout does not stop the script (a test checks every tab and scale in one run);
    // its first finding is the failure when nothing else failed.
    const std::string& failure() const { return failure_.empty() ? layout_failure_ : failure_; }
    // The layout check (`check-layout`): whether the frame about to be drawn is the one to check, and
    // its findings once it rendered.
    // Key presses from `key` commands since the last call, handled like the window's.
    std::vector<KeyPress> take_key_presses() { return std::exchange(keys_, {}); }
    // Scripted runs print how many key presses one frame handled when it is more than one.
    void note_key_presses(std::size_t count);
    bool checks_layout_this_frame() const { return layout_in_frames_ == 0; }
    void report_layout(std::size_t texts, const std::vector<std::string>& problems);
    // Whether to call glFinish every frame, so measured frames include the GPU's (Mesa's) work.
    bool measuring() const { return measure_left_ > 0; }

private:
    bool run_one(ScriptHost& host, const ScriptCommand& command);
    bool run_bench_command(ScriptHost& host, const ScriptCommand& command);
    bool run_reduce_table_command(ScriptHost& host, const ScriptCommand& command);
    bool run_quiz_command(ScriptHost& host, const ScriptCommand& command); // gui_script_quiz.cpp
    bool run_files_command(ScriptHost& host, const ScriptCommand& command);
    bool run_export_command(ScriptHost& host, const ScriptCommand& command);
    // Whether a command's background work (a capture, the benchmark, an export) still holds the script.
    bool waiting(ScriptHost& host);
    void finish_measurement();

    // settle: until background trace work and file reads end, whatever their outcome (a dropped
    // garbage file's error is what a test wants to see, not a failure of the script).
    // view_export: until the export of the view or its steps has finished (fails if it failed).
    // compare: until the second trace of compare mode is ready (fails if it cannot be made).
    // grid: until the grid capture ends, whatever its outcome (a deadlock is an outcome to show, and
    // `report-grid` prints it).
    // results_read, table_read: until the file opened (and any read before it) has been read; fails if
    // it was refused.
    enum class WaitFor {
        nothing,
        capture,
        bench,
        bench_export,
        settle,
        view_export,
        compare,
        grid,
        reduce_table,
        quiz,
        results_read,
        table_read
    };

    std::vector<ScriptCommand> commands_;
    std::size_t next_ = 0;
    bool active_ = false;
    bool quit_ = false;
    std::string failure_;
    int wait_frames_ = 0;
    WaitFor wait_for_ = WaitFor::nothing;
    double wait_fraction_ = 2; // wait-bench: until the progress reaches it (above 1: the end)
    std::string wait_where_;   // wait-bench's FILE:LINE, for its messages
    std::string screenshot_path_;
    int screenshot_in_frames_ = -1;
    int layout_in_frames_ = -1;
    std::vector<KeyPress> keys_;
    std::string layout_where_;   // FILE:LINE of the check, for its messages
    std::string layout_failure_; // the first failed check's summary
    std::string where_;          // FILE:LINE of the command waited for, for its failure
    bool started_ = false;       // the files read at start are in (before_frame)
    bool frame_while_reading_ = false; // files were being read when this frame began
    int frames_while_reading_ = 0;     // since the start or the last report-reading
    double longest_while_reading_ = 0; // ms
    int measure_left_ = 0;
    std::vector<double> measured_;
    std::string measure_path_;
};

} // namespace prefixlab
