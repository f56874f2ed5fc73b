#include "shortcuts.hpp"

#include "app_state.hpp"
#include "imgui_layer.hpp"
#include "workspace.hpp"

#include <imgui.h>
#include <initializer_list>
#include <GLFW/glfw3.h>

namespace prefixlab {


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

namespace {

bool is_any(int key, std::initializer_list<int> keys) {
    for (int k : keys)
        if (key == k)
            return true;
    return false;
}

void handle_ctrl_shortcut(const KeyPress& press, Workspace& workspace, ImGuiLayer& imgui) {
    if (is_any(press.key, {GLFW_KEY_EQUAL, GLFW_KEY_KP_ADD}))
        imgui.set_ui_scale(imgui.ui_scale() * 1.15f);
    else if (is_any(press.key, {GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT}))
        imgui.set_ui_scale(imgui.ui_scale() / 1.15f);
    else if (press.repeat)
        return; // the rest act once per press
    else if (press.key == GLFW_KEY_0)
        imgui.set_ui_scale(1.0f);
    else if (press.key == GLFW_KEY_Q)
        workspace.requests.quit = true;
    else if (press.key >= GLFW_KEY_1 && press.key <= GLFW_KEY_9)
        workspace.select_tab(static_cast<std::size_t>(press.key - GLFW_KEY_1));
}

void handle_key(const KeyPress& press, bool typing, AppState& state, Workspace& workspace) {
    if (!press.repeat) {
        if (press.key == GLFW_KEY_F1)
            workspace.shortcuts_open = !workspace.shortcuts_open;
        else if (press.key == GLFW_KEY_F5)
            state.capture_now();
        else if (press.key == GLFW_KEY_F6)
            state.bench().start();
        else if (press.key == GLFW_KEY_ESCAPE && state.bench().running())
            state.bench().cancel();
    }
    if (typing)
        return; // letters and arrows belong to the text field being edited
    if (is_any(press.key, {GLFW_KEY_RIGHT, GLFW_KEY_DOWN, GLFW_KEY_PAGE_DOWN, GLFW_KEY_N}))
        state.next_step();
    else if (is_any(press.key, {GLFW_KEY_LEFT, GLFW_KEY_UP, GLFW_KEY_PAGE_UP, GLFW_KEY_P}))
        state.previous_step();
    else if (press.repeat)
        return;
    else if (press.key == GLFW_KEY_HOME)
        state.first_step();
    else if (press.key == GLFW_KEY_END)
        state.last_step();
    else if (press.key == GLFW_KEY_SPACE)
        state.toggle_play();
}

} // namespace

void handle_shortcuts(const std::vector<KeyPress>& presses, AppState& state, Workspace& workspace, ImGuiLayer& imgui) {
    const bool typing = ImGui::GetIO().WantTextInput;
    for (const KeyPress& press : presses) {
        if (press.ctrl)
            handle_ctrl_shortcut(press, workspace, imgui);
        else
            handle_key(press, typing, state, workspace);
    }
}

} // namespace prefixlab
