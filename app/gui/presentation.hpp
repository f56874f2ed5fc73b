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

private:
    void enter(AppState& state, Workspace& workspace, ImGuiLayer& imgui, PlatformWindow& window);
    void leave(AppState& state, Workspace& workspace, ImGuiLayer& imgui, PlatformWindow& window);

    bool active_ = false;
    float saved_scale_ = 1;
    bool saved_sidebar_ = true;
    bool saved_reveal_ = false;
};

} // namespace prefixlab
