#include "gui/presentation.hpp"

#include "gui/app_state.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/platform/platform_window.hpp"
#include "gui/workspace.hpp"

#include <algorithm>

namespace prefixlab {

float Presentation::lecture_scale(int height) {
    return std::clamp(static_cast<float>(height) / 30.0f / ImGuiLayer::kBaseFontPixels, 1.5f, 3.0f);
}

float Presentation::first_launch_scale(int height, float content_scale) {
    if (height < kLargeWindowHeight)
        return content_scale;
    return std::max(content_scale, lecture_scale(height));
}

void Presentation::toggle(AppState& state, Workspace& workspace, ImGuiLayer& imgui, PlatformWindow& window) {
    if (active_)
        leave(state, workspace, imgui, window);
    else
        enter(state, workspace, imgui, window);
}

void Presentation::enter(AppState& state, Workspace& workspace, ImGuiLayer& imgui, PlatformWindow& window) {
    active_ = true;
    saved_scale_ = imgui.ui_scale();
    saved_sidebar_ = workspace.sidebar_visible;
    saved_reveal_ = state.reveal;
    const int height = window.set_fullscreen(true);
    workspace.sidebar_visible = false;
    state.reveal = true;
    state.set_playing(false);
    state.block.set_step(0);
    imgui.set_ui_scale(lecture_scale(height));
}

void Presentation::leave(AppState& state, Workspace& workspace, ImGuiLayer& imgui, PlatformWindow& window) {
    active_ = false;
    window.set_fullscreen(false);
    workspace.sidebar_visible = saved_sidebar_;
    state.reveal = saved_reveal_;
    imgui.set_ui_scale(saved_scale_);
}

} // namespace prefixlab
