#include "gui/script/script_runner.hpp"

#include "core/util/atomic_file.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/layout/settling.hpp"
#include "gui/shell/feature.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace prefixlab {

namespace {

double percentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    const std::size_t i = std::min(values.size() - 1, static_cast<std::size_t>(p * (values.size() - 1) + 0.5));
    return values[i];
}

} // namespace

void ScriptRunner::wait_frames(int frames) {
    wait_frames_ = frames;
    holds_ = true;
}

void ScriptRunner::wait_while(std::function<bool(std::string& failure)> still_waiting) {
    still_waiting_ = std::move(still_waiting);
    holds_ = true;
}

void ScriptRunner::fail(std::string message) {
    if (failure_.empty())
        failure_ = std::move(message);
}

void ScriptRunner::screenshot(std::string path) {
    // Two frames first: the one that applies the latest changes and one that lays them out.
    screenshot_path_ = std::move(path);
    screenshot_in_frames_ = 2;
    holds_ = true;
}

void ScriptRunner::check_layout(std::string where) {
    // Two frames first, as for a screenshot: the latest changes applied and laid out.
    layout_in_frames_ = 2;
    layout_waited_ = 0;
    layout_where_ = std::move(where);
    holds_ = true;
}

void ScriptRunner::measure_frames(int count, std::string path) {
    measure_left_ = count;
    measure_path_ = std::move(path);
    measured_.clear();
    holds_ = true;
}

void ScriptRunner::press(const KeyPress& key) {
    keys_.push_back(key);
    wait_frames(1); // the next frame handles it; the one after shows its effect
}

void ScriptRunner::report_reading() {
    // The frames drawn while files were read in the background since the start (or the last report):
    // the window does not wait for them.
    printf_to_terminal(stdout, "reading: %d frames drawn while files were read, the longest %.2f ms\n",
                       frames_while_reading_, longest_while_reading_);
    std::fflush(stdout);
    frames_while_reading_ = 0;
    longest_while_reading_ = 0;
}

bool ScriptRunner::waiting() {
    if (!still_waiting_)
        return false;
    std::string failure;
    if (still_waiting_(failure))
        return true;
    still_waiting_ = nullptr;
    if (!failure.empty())
        fail(std::move(failure));
    return false;
}

void ScriptRunner::before_frame(GuiHost& host) {
    if (!active_ || quit_)
        return;
    host_ = &host;
    frame_while_reading_ = host.state.reading_files();
    if (waiting())
        return;
    // A script starts once the files read at start (the data folder's results and tables) are in, as a
    // lecturer would wait for them: its screenshots and reports show them. The frames drawn meanwhile
    // are counted (report-reading).
    if (!started_) {
        if (frame_while_reading_)
            return;
        started_ = true;
    }
    if (wait_frames_ > 0) {
        --wait_frames_;
        return;
    }
    if (screenshot_in_frames_ >= 0 || measure_left_ > 0 || layout_in_frames_ >= 0)
        return;
    while (!quit_ && failure_.empty() && next_ < commands_.size()) {
        const ScriptCommand& command = commands_[next_++];
        holds_ = false;
        command.def->run(*this, command);
        if (holds_)
            return;
    }
    if (!failure_.empty() || next_ >= commands_.size())
        quit_ = true; // a script ends the program when it runs out or fails
}

std::string ScriptRunner::take_screenshot_request() {
    if (screenshot_in_frames_ < 0)
        return "";
    if (screenshot_in_frames_-- > 0)
        return "";
    return std::exchange(screenshot_path_, "");
}

void ScriptRunner::report_layout(std::size_t texts, std::vector<std::string> problems) {
    layout_in_frames_ = -1;
    if (layout_waited_ >= layout::kMostSettlingFrames)
        problems.insert(problems.begin(), "the layout was still moving " + std::to_string(layout_waited_ + 2) +
                                              " frames after the command (a view or window changes every frame)");
    for (const std::string& p : problems)
        printf_to_terminal(stdout, "layout %s: %s\n", layout_where_.c_str(), p.c_str());
    printf_to_terminal(stdout, "check-layout %s: %zu texts, %zu problems\n", layout_where_.c_str(), texts,
                       problems.size());
    std::fflush(stdout);
    if (!problems.empty() && layout_failure_.empty())
        layout_failure_ = "check-layout " + layout_where_ + ": " + std::to_string(problems.size()) +
                          " problems, the first: " + problems.front();
}

void ScriptRunner::note_key_presses(std::size_t count) {
    if (count > 1) { // the GUI tests read this: every press of a frame is counted, not just one
        printf_to_terminal(stdout, "%zu key presses in one frame\n", count);
        std::fflush(stdout);
    }
}

void ScriptRunner::after_frame(double frame_ms) {
    if (frame_while_reading_) {
        ++frames_while_reading_;
        longest_while_reading_ = std::max(longest_while_reading_, frame_ms);
    }
    // The check waits for the layout to settle (settling.hpp): what it checks is what an idle window shows.
    // A layout still moving after kMostSettlingFrames is checked as it is, and reported.
    if (layout_in_frames_ > 1 || (layout_in_frames_ == 1 && (layout::frames_moving() == 0 ||
                                                             ++layout_waited_ >= layout::kMostSettlingFrames)))
        --layout_in_frames_;
    if (measure_left_ <= 0)
        return;
    measured_.push_back(frame_ms);
    if (--measure_left_ == 0)
        finish_measurement();
}

void ScriptRunner::finish_measurement() {
    double sum = 0;
    for (double v : measured_)
        sum += v;
    const double median = percentile(measured_, 0.5), p95 = percentile(measured_, 0.95);
    const double max = *std::max_element(measured_.begin(), measured_.end());
    const double mean = sum / measured_.size();
    printf_to_terminal(stdout,
                       "frame time over %zu frames: median %.2f ms, mean %.2f ms, p95 %.2f ms, max %.2f ms\n",
                       measured_.size(), median, mean, p95, max);
    std::fflush(stdout);
    if (!measure_path_.empty()) {
        try {
            write_file_atomically(measure_path_, [&](std::ostream& out) {
                out << "{\"frames\": " << measured_.size() << ", \"median_ms\": " << median << ", \"mean_ms\": " << mean
                    << ", \"p95_ms\": " << p95 << ", \"max_ms\": " << max << "}\n";
            });
        } catch (const std::exception& e) {
            fail(e.what());
        }
    }
}

} // namespace prefixlab
