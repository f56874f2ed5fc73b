// Scripted mode's runner (`prefixlab --script FILE`): the commands read and checked by script_reader.hpp
// run one after another, frame by frame, in a real window, then the program exits. For GUI tests,
// frame-time measurements and reproducible screenshots for slides and the README. Each command is a row
// of the command table (script_command.hpp); the runner calls its handler and keeps what the handler
// asked of it: frames to wait, background work to wait for, a screenshot, a layout check, a measurement.
#pragma once

#include "gui/platform/platform_window.hpp"
#include "gui/script/script_command.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

class ScriptRunner final : public ScriptRun {
public:
    ScriptRunner() = default;
    explicit ScriptRunner(std::vector<ScriptCommand> commands) : commands_(std::move(commands)), active_(true) {}

    bool active() const { return active_; }

    // Before a frame is drawn: runs commands until one must wait for frames to pass.
    void before_frame(GuiHost& host);
    // After the frame rendered, before the swap: the screenshot path to write now, or "".
    std::string take_screenshot_request();
    // After the swap: the frame's duration, for measure-frames.
    void after_frame(double frame_ms);
    bool wants_quit() const { return quit_; }
    // A failure while running (e.g. a trace file that does not load); exit code 1 after quitting.
    // A failed check-layout does not stop the script (a test checks every tab and scale in one run);
    // its first finding is the failure when nothing else failed.
    const std::string& failure() const { return failure_.empty() ? layout_failure_ : failure_; }
    // Key presses from `key` commands since the last call, handled like the window's.
    std::vector<KeyPress> take_key_presses() { return std::exchange(keys_, {}); }
    // Scripted runs print how many key presses one frame handled when it is more than one.
    void note_key_presses(std::size_t count);
    // The layout check (`check-layout`): whether the frame about to be drawn is the one to check, and
    // its findings once it rendered.
    bool checks_layout_this_frame() const { return layout_in_frames_ == 0; }
    void report_layout(std::size_t texts, std::vector<std::string> problems);
    // Whether to call glFinish every frame, so measured frames include the GPU's (Mesa's) work.
    bool measuring() const { return measure_left_ > 0; }

    // ScriptRun: what a command's handler asks of the runner.
    GuiHost& host() override { return *host_; }
    void wait_frames(int frames) override;
    void wait_while(std::function<bool(std::string& failure)> still_waiting) override;
    void fail(std::string message) override;
    void quit() override { quit_ = true; }
    void screenshot(std::string path) override;
    void check_layout(std::string where) override;
    void measure_frames(int count, std::string path) override;
    void press(const KeyPress& key) override;
    void report_reading() override;

private:
    bool waiting();
    void finish_measurement();

    std::vector<ScriptCommand> commands_;
    std::size_t next_ = 0;
    bool active_ = false;
    bool quit_ = false;
    bool holds_ = false; // the command just run asked to wait
    GuiHost* host_ = nullptr;
    std::string failure_;
    int wait_frames_ = 0;
    std::function<bool(std::string&)> still_waiting_;
    std::string screenshot_path_;
    int screenshot_in_frames_ = -1;
    int layout_in_frames_ = -1;
    int layout_waited_ = 0; // frames the check waited for the layout to settle
    std::vector<KeyPress> keys_;
    std::string layout_where_;   // FILE:LINE of the check, for its messages
    std::string layout_failure_; // the first failed check's summary
    bool started_ = false;       // the files read at start are in (before_frame)
    bool frame_while_reading_ = false; // files were being read when this frame began
    int frames_while_reading_ = 0;     // since the start or the last report-reading
    double longest_while_reading_ = 0; // ms
    int measure_left_ = 0;
    std::vector<double> measured_;
    std::string measure_path_;
};

} // namespace prefixlab
