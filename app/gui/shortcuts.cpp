#include "gui/shortcuts.hpp"

#include "gui/app_state.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/workspace.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <initializer_list>

namespace prefixlab {


const std::vector<ShortcutHelp>& shortcut_help() {
    static const std::vector<ShortcutHelp> help = {
        {"Right, Down, Page Down, N", "next step"},
        {"Left, Up, Page Up, P", "previous step"},
        {"Home / End", "first / last step"},
        {"Space", "play / pause"},
        {"F11", "presentation mode (fullscreen, lecture scale, reveal)"},
        {"F9", "show / hide the settings panel"},
        {"F2", "show / hide the narration"},
        {"F4", "show / hide the kernel's source"},
        {"F3", "compare side by side: a second trace beside this one, stepping with it"},
        {"J", "jump to the first wrong output"},
        {"B or .", "black screen (any key returns)"},
        {"Ctrl+T", "projector / dark theme"},
        {"F5", "trace again"},
        {"Ctrl+O / Ctrl+S", "open a trace or results file / save the trace (file browser)"},
        {"Ctrl+E / Ctrl+G / Ctrl+P", "export the view as PNG at 2× / its steps as a GIF / as PNGs (into prefixlab-exports)"},
        {"Ctrl+Shift+E", "export the view as SVG, its text editable in slide software (into prefixlab-exports)"},
        {"F6", "run the benchmark"},
        {"Esc", "close the topmost window; cancel the benchmark; leave presentation mode"},
        {"Ctrl+1, Ctrl+2, …", "switch view"},
        {"Ctrl+= / Ctrl+- / Ctrl+0", "larger / smaller / default UI scale"},
        {"F1", "this list"},
        {"Ctrl+Q", "quit"},
    };
    return help;
}

const std::vector<NamedKey>& named_keys() {
    static const std::vector<NamedKey> keys = {
        {"Right", {GLFW_KEY_RIGHT}},     {"Left", {GLFW_KEY_LEFT}},       {"Up", {GLFW_KEY_UP}},
        {"Down", {GLFW_KEY_DOWN}},       {"PageUp", {GLFW_KEY_PAGE_UP}},  {"PageDown", {GLFW_KEY_PAGE_DOWN}},
        {"Home", {GLFW_KEY_HOME}},       {"End", {GLFW_KEY_END}},         {"Space", {GLFW_KEY_SPACE}},
        {"Escape", {GLFW_KEY_ESCAPE}},   {"F1", {GLFW_KEY_F1}},           {"F5", {GLFW_KEY_F5}},
        {"F9", {GLFW_KEY_F9}},           {"F2", {GLFW_KEY_F2}},           {"F4", {GLFW_KEY_F4}},           {"F3", {GLFW_KEY_F3}},           {"J", {GLFW_KEY_J}},           {"F11", {GLFW_KEY_F11}},         {"B", {GLFW_KEY_B}},
        {"Period", {GLFW_KEY_PERIOD}},   {"N", {GLFW_KEY_N}},             {"P", {GLFW_KEY_P}},
        {"Ctrl+T", {GLFW_KEY_T, true}},  {"Ctrl+1", {GLFW_KEY_1, true}},  {"Ctrl+2", {GLFW_KEY_2, true}},
        {"Ctrl+3", {GLFW_KEY_3, true}},  {"Ctrl+4", {GLFW_KEY_4, true}},  {"Ctrl+Equal", {GLFW_KEY_EQUAL, true}},
        {"Ctrl+Minus", {GLFW_KEY_MINUS, true}}, {"Ctrl+0", {GLFW_KEY_0, true}},
        {"Ctrl+O", {GLFW_KEY_O, true}},  {"Ctrl+S", {GLFW_KEY_S, true}},
        {"Ctrl+E", {GLFW_KEY_E, true}},  {"Ctrl+Shift+E", {GLFW_KEY_E, true, false, true}},  {"Ctrl+G", {GLFW_KEY_G, true}},  {"Ctrl+P", {GLFW_KEY_P, true}},
    };
    return keys;
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
    else if (press.key == GLFW_KEY_T)
        workspace.requests.toggle_theme = true;
    else if (press.key == GLFW_KEY_O)
        workspace.requests.file = FileRequest::open_trace;
    else if (press.key == GLFW_KEY_S)
        workspace.requests.file = FileRequest::save_trace;
    else if (press.key == GLFW_KEY_E)
        workspace.requests.export_request = press.shift ? ExportRequest::view_svg : ExportRequest::view_png;
    else if (press.key == GLFW_KEY_G)
        workspace.requests.export_request = ExportRequest::steps_gif;
    else if (press.key == GLFW_KEY_P)
        workspace.requests.export_request = ExportRequest::steps_png;
    else if (press.key >= GLFW_KEY_1 && press.key <= GLFW_KEY_9)
        workspace.select_tab(static_cast<std::size_t>(press.key - GLFW_KEY_1));
}

// Esc closes one thing, the topmost: a Dear ImGui popup (which Dear ImGui closes itself), the black
// screen, the panel over the main area, the shortcuts window; else it cancels a running benchmark;
// else it leaves presentation mode.
void handle_escape(AppState& state, Workspace& workspace) {
    if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) || workspace.close_topmost())
        return;
    if (state.bench().running())
        state.bench().cancel();
    else if (workspace.presenting)
        workspace.requests.toggle_presentation = true;
}

void handle_key(const KeyPress& press, bool typing, AppState& state, Workspace& workspace) {
    if (workspace.blackout && !press.repeat && press.key != GLFW_KEY_ESCAPE) {
        workspace.blackout = false; // any key brings the picture back, and does nothing else
        return;
    }
    if (!press.repeat) {
        if (press.key == GLFW_KEY_F1)
            workspace.shortcuts_open = !workspace.shortcuts_open;
        else if (press.key == GLFW_KEY_F5)
            state.capture_now();
        else if (press.key == GLFW_KEY_F6)
            state.bench().start();
        else if (press.key == GLFW_KEY_F9)
            workspace.toggle_sidebar();
        else if (press.key == GLFW_KEY_F2)
            workspace.narration_visible = !workspace.narration_visible;
        else if (press.key == GLFW_KEY_F4)
            workspace.source_visible = !workspace.source_visible;
        else if (press.key == GLFW_KEY_F3)
            state.set_comparing(!state.comparing());
        else if (press.key == GLFW_KEY_J)
            state.jump_to_first_wrong();
        else if (press.key == GLFW_KEY_F11)
            workspace.requests.toggle_presentation = true;
        else if (press.key == GLFW_KEY_ESCAPE)
            handle_escape(state, workspace);
    }
    if (typing)
        return; // letters and arrows belong to the text field being edited
    if (!press.repeat && is_any(press.key, {GLFW_KEY_B, GLFW_KEY_PERIOD})) {
        workspace.blackout = true; // presenter remotes send B or '.' for a black screen
        return;
    }
    if (is_any(press.key, {GLFW_KEY_RIGHT, GLFW_KEY_DOWN, GLFW_KEY_PAGE_DOWN, GLFW_KEY_N}))
        state.go_next(); // the grid trace's step on a grid tab (AppState::stepping_grid)
    else if (is_any(press.key, {GLFW_KEY_LEFT, GLFW_KEY_UP, GLFW_KEY_PAGE_UP, GLFW_KEY_P}))
        state.go_previous();
    else if (press.repeat)
        return;
    else if (press.key == GLFW_KEY_HOME)
        state.go_first();
    else if (press.key == GLFW_KEY_END)
        state.go_last();
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
