#include "shortcuts.hpp"

#include "app_state.hpp"
#include "imgui_layer.hpp"
#include "workspace.hpp"

#include <imgui.h>
#include <GLFW/glfw3.h>

namespace prefixlab {

namespace {

// Dear ImGui 1.86's GLFW backend indexes io.KeysDown by GLFW key code.
bool pressed(int glfw_key, bool repeat = true) { return ImGui::IsKeyPressed(glfw_key, repeat); }

} // namespace

const std::vector<ShortcutHelp>& shortcut_help() {
    static const std::vector<ShortcutHelp> help = {
        {"Right, Down, Page Down, N", "next step"},
        {"Left, Up, Page Up, P", "previous step"},
        {"Home / End", "first / last step"},
        {"Space", "play / pause"},
        {"F5", "trace again"},
        {"F6 / Esc", "run / cancel the benchmark"},
        {"Ctrl+1, Ctrl+2, …", "switch view"},
        {"Ctrl+= / Ctrl+- / Ctrl+0", "larger / smaller / default UI scale"},
        {"F1", "this list"},
        {"Ctrl+Q", "quit"},
    };
    return help;
}

void handle_shortcuts(AppState& state, Workspace& workspace, ImGuiLayer& imgui) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl) {
        if (pressed(GLFW_KEY_EQUAL) || pressed(GLFW_KEY_KP_ADD))
            imgui.set_ui_scale(imgui.ui_scale() * 1.15f);
        if (pressed(GLFW_KEY_MINUS) || pressed(GLFW_KEY_KP_SUBTRACT))
            imgui.set_ui_scale(imgui.ui_scale() / 1.15f);
        if (pressed(GLFW_KEY_0, false))
            imgui.set_ui_scale(1.0f);
        if (pressed(GLFW_KEY_Q, false))
            workspace.requests.quit = true;
        for (int i = 0; i < 9; ++i)
            if (pressed(GLFW_KEY_1 + i, false))
                workspace.select_tab(static_cast<std::size_t>(i));
        return;
    }
    if (pressed(GLFW_KEY_F1, false))
        workspace.shortcuts_open = !workspace.shortcuts_open;
    if (pressed(GLFW_KEY_F5, false))
        state.capture_now();
    if (pressed(GLFW_KEY_F6, false))
        state.bench().start();
    if (pressed(GLFW_KEY_ESCAPE, false) && state.bench().running())
        state.bench().cancel();
    if (io.WantTextInput)
        return; // letters and arrows belong to the text field being edited
    if (pressed(GLFW_KEY_RIGHT) || pressed(GLFW_KEY_DOWN) || pressed(GLFW_KEY_PAGE_DOWN) || pressed(GLFW_KEY_N))
        state.next_step();
    if (pressed(GLFW_KEY_LEFT) || pressed(GLFW_KEY_UP) || pressed(GLFW_KEY_PAGE_UP) || pressed(GLFW_KEY_P))
        state.previous_step();
    if (pressed(GLFW_KEY_HOME, false))
        state.first_step();
    if (pressed(GLFW_KEY_END, false))
        state.last_step();
    if (pressed(GLFW_KEY_SPACE, false))
        state.toggle_play();
}

} // namespace prefixlab
