// The presenter view (issue 34, point 4). While a lesson is given in presentation mode and two or more
// monitors are there, the audience window (the main one, presentation mode) fills the projector, and a second
// window fills the lecturer's screen: the current scene's notes (large, scrollable with the wheel), the next
// scene's title and what it will show, scene k of n, the time since the lesson opened and a clock. The
// projector is the larger monitor, the external (not the primary) one where two are alike; F7 swaps them.
// With one monitor the notes are the overlay of S instead (lesson_feature.cpp). Never in an export: the
// exports draw the main window only.
#pragma once

#include "gui/platform/platform_window.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

struct GuiHost;
class LessonPlayer;
class SecondWindow;

struct ScreenChoice {
    MonitorArea audience;  // the projector
    MonitorArea presenter; // the lecturer's own screen
};

// Which monitor is which, or nullopt with fewer than two: the projector is the largest (by pixels), the
// non-primary one of two alike; the presenter's the primary one if it is not the projector, else the largest
// other. `swapped` exchanges them.
std::optional<ScreenChoice> choose_screens(const std::vector<MonitorArea>& monitors, bool swapped);

class PresenterView {
public:
    PresenterView();
    ~PresenterView();

    // After the main window's frame is rendered: opens, moves or closes the presenter's window as the lesson,
    // presentation mode and the monitors say, and draws it.
    void frame(const LessonPlayer& player, GuiHost& host, std::chrono::steady_clock::time_point opened_at);
    void swap_screens() { swapped_ = !swapped_; }
    void close();
    bool open() const { return window_ != nullptr; }
    // "presenter: open=1 audience=NAME WxH+X+Y presenter=NAME WxH+X+Y swapped=0", or "presenter: open=0
    // monitors=N".
    std::string report(const GuiHost& host) const;
    // The presenter's next frame, written to `path` as a PNG (scripted screenshots); "" once written.
    void request_screenshot(std::string path) { screenshot_ = std::move(path); }
    const std::string& pending_screenshot() const { return screenshot_; }
    const std::string& screenshot_error() const { return screenshot_error_; }

private:
    void draw(const LessonPlayer& player, std::chrono::steady_clock::time_point opened_at) const;

    std::unique_ptr<SecondWindow> window_;
    bool swapped_ = false;
    bool placed_swapped_ = false; // the swap the windows were last placed for
    std::string screenshot_, screenshot_error_;
};

} // namespace prefixlab
