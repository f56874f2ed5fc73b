// Presentation mode (F11 or View ▸ Presentation mode): what a lecturer wants the moment the projector
// is on. Fullscreen on the window's monitor, the settings panel hidden, text and diagrams at the
// lecture scale, back on step 0 in reveal mode (later steps not drawn at all). Leaving it (F11 or Esc)
// restores the window, the scale, the panel and reveal mode as they were.
#pragma once

namespace prefixlab {

class AppState;
class ImGuiLayer;
class PlatformWindow;
class Workspace;

class Presentation {
public:
    bool active() const { return active_; }
    void toggle(AppState& state, Workspace& workspace, ImGuiLayer& imgui, PlatformWindow& window);

    // The UI scale for a screen `height` pixels tall: text of 1/30 of the height (36 px at 1080, the
    // size slide templates use for body text), never below 1.5 or above 3.
    static float lecture_scale(int height);
    // The UI scale of a first launch (no saved scale) in a window `height` pixels tall with the screen's
    // `content_scale`: where the window is large, at least kLargeWindowHeight, the lecture scale of a screen
    // that tall (a lecturer's first start on the projector reads in the hall: 1.67 in the 1600×900 first
    // window, 2 in a full-screen 1920×1080 one); in a smaller window the content scale, as before.
    static float first_launch_scale(int height, float content_scale);
    // The smallest screen the views are laid out for (1280×720, DESIGN.md "Lecture-ready views").
    static constexpr int kLargeWindowHeight = 720;

private:
    void enter(AppState& state, Workspace& workspace, ImGuiLayer& imgui, PlatformWindow& window);
    void leave(AppState& state, Workspace& workspace, ImGuiLayer& imgui, PlatformWindow& window);

    bool active_ = false;
    float saved_scale_ = 1;
    bool saved_sidebar_ = true;
    bool saved_reveal_ = false;
};

} // namespace prefixlab
