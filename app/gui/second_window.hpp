// A second window of the app with its own Dear ImGui context (the lesson's presenter view, issue 34): made on
// a given monitor, fullscreen there, sharing the main window's OpenGL objects and font atlas, so that its
// text is the main window's fonts at the main window's scale. Its key presses are the main window's (a
// presenter remote's Page Down acts whichever window has the focus); its mouse wheel scrolls its own content.
//
// Drawn after the main window's frame, between the main frame's render and its swap (frame()), with its own
// context current; the main context and GL context are current again when frame() returns.
#pragma once

#include "gui/platform/platform_window.hpp"
#include "gui/theme.hpp"

#include <functional>
#include <optional>
#include <string>

struct GLFWwindow;
struct ImGuiContext;

namespace prefixlab {

class SecondWindow {
public:
    // Throws PlatformError where the window cannot be made.
    SecondWindow(PlatformWindow& main, const MonitorArea& on, const std::string& title);
    ~SecondWindow();
    SecondWindow(const SecondWindow&) = delete;
    SecondWindow& operator=(const SecondWindow&) = delete;

    // One frame: `draw` runs between the second context's NewFrame and Render (the main context's style is
    // copied in first); the window is cleared to `background` and swapped. `keep`: the frame
    // as an image, read before the swap (scripted screenshots).
    void frame(const std::function<void()>& draw, theme::Rgb background, Image* keep = nullptr);
    void move_to(const MonitorArea& area);
    const MonitorArea& monitor() const { return on_; }

private:
    static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods);
    static void on_scroll(GLFWwindow* window, double x, double y);

    PlatformWindow& main_;
    MonitorArea on_;
    GLFWwindow* window_ = nullptr;
    ImGuiContext* context_ = nullptr;
    float wheel_ = 0;
};

} // namespace prefixlab
