// Scripted mode (`prefixlab --script FILE`): GUI commands run one after another, frame by frame, in a
// real window, then the program exits. For GUI tests, frame-time measurements and reproducible
// screenshots for slides and the README. The commands are documented in docs/gui-script.md.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

class AppState;
class Workspace;
class ImGuiLayer;

class ScriptError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ScriptCommand {
    std::string name;
    std::vector<std::string> args;
    std::string where; // "FILE:LINE", for error messages
};

// Parses and checks the whole script before any window opens; throws ScriptError.
std::vector<ScriptCommand> parse_script_file(const std::string& path);
// The same for a script's text; `source_name` stands for the file in messages ("NAME:LINE").
std::vector<ScriptCommand> parse_script_text(const std::string& text, const std::string& source_name);

// What the script can reach in the running GUI.
struct ScriptHost {
    AppState& state;
    Workspace& workspace;
    ImGuiLayer& imgui;
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
    const std::string& failure() const { return failure_; }
    // Whether to call glFinish every frame, so measured frames include the GPU's (Mesa's) work.
    bool measuring() const { return measure_left_ > 0; }

private:
    bool run_one(ScriptHost& host, const ScriptCommand& command);
    bool run_bench_command(ScriptHost& host, const ScriptCommand& command);
    // Whether a command's background work (a capture, the benchmark, an export) still holds the script.
    bool waiting(ScriptHost& host);
    void finish_measurement();

    enum class WaitFor { nothing, capture, bench, bench_export };

    std::vector<ScriptCommand> commands_;
    std::size_t next_ = 0;
    bool active_ = false;
    bool quit_ = false;
    std::string failure_;
    int wait_frames_ = 0;
    WaitFor wait_for_ = WaitFor::nothing;
    double wait_fraction_ = 2; // wait-bench: until the progress reaches it (above 1: the end)
    std::string screenshot_path_;
    int screenshot_in_frames_ = -1;
    int measure_left_ = 0;
    std::vector<double> measured_;
    std::string measure_path_;
};

} // namespace prefixlab
