#include "gui/shortcuts.hpp"

#include "gui/app_state.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/shell/feature.hpp"
#include "gui/shell/shortcut_table.hpp"
#include "gui/workspace.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

namespace prefixlab {

namespace {

KeyPress key(int code) { return {code}; }
KeyPress ctrl(int code) { return {code, true}; }

// A row that acts once per press, whatever the key.
Shortcut once(std::vector<KeyPress> keys, std::string text, std::string action, std::function<void(GuiHost&)> act,
              bool while_typing = false) {
    return {std::move(keys), std::move(text), std::move(action),
            [act = std::move(act)](GuiHost& host, const KeyPress&) { act(host); }, false, while_typing};
}

// Esc closes one thing, the topmost: a Dear ImGui popup (which Dear ImGui closes itself), the black
// screen, the panel over the main area, the F1 window; else what a feature cancels with it
// (ShortcutTable::add_escape); else it leaves presentation mode.
void escape(GuiHost& host, const ShortcutTable& table) {
    if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId) || host.workspace.close_topmost())
        return;
    for (const auto& act : table.escapes())
        if (act(host))
            return;
    if (host.workspace.presenting)
        host.workspace.requests.toggle_presentation = true;
}

} // namespace

void add_window_shortcuts(ShortcutTable& table) {
    // A lesson takes the step keys first (ShortcutTable::add_stepper): its scenes, then the trace's steps.
    const auto step = [&table](GuiHost& host, int direction) {
        for (const auto& stepper : table.steppers())
            if (stepper(host, direction))
                return;
        direction > 0 ? host.state.go_next() : host.state.go_previous();
    };
    table.add({{key(GLFW_KEY_RIGHT), key(GLFW_KEY_DOWN), key(GLFW_KEY_PAGE_DOWN), key(GLFW_KEY_N)},
               "Right, Down, Page Down, N", "next step (in a lesson: then the next scene)",
               [step](GuiHost& host, const KeyPress&) { step(host, +1); }, true});
    table.add({{key(GLFW_KEY_LEFT), key(GLFW_KEY_UP), key(GLFW_KEY_PAGE_UP), key(GLFW_KEY_P)},
               "Left, Up, Page Up, P", "previous step (in a lesson: then the scene before)",
               [step](GuiHost& host, const KeyPress&) { step(host, -1); }, true});
    table.add({{key(GLFW_KEY_HOME), key(GLFW_KEY_END)}, "Home / End", "first / last step",
               [](GuiHost& host, const KeyPress& press) {
                   press.key == GLFW_KEY_HOME ? host.state.go_first() : host.state.go_last();
               }});
    table.add(once({key(GLFW_KEY_SPACE)}, "Space", "play / pause", [](GuiHost& host) { host.state.toggle_play(); }));
    table.add(once({key(GLFW_KEY_F11)}, "F11", "presentation mode (fullscreen, lecture scale, reveal)",
                   [](GuiHost& host) { host.workspace.requests.toggle_presentation = true; }, true));
    table.add(once({key(GLFW_KEY_F9)}, "F9", "show / hide the settings panel",
                   [](GuiHost& host) { host.workspace.toggle_sidebar(); }, true));
    table.add(once({key(GLFW_KEY_F2)}, "F2", "show / hide the narration", [](GuiHost& host) {
        host.workspace.narration_visible = !host.workspace.narration_visible;
    }, true));
    table.add(once({key(GLFW_KEY_F4)}, "F4", "show / hide the kernel's source", [](GuiHost& host) {
        host.workspace.source_visible = !host.workspace.source_visible;
    }, true));
    table.add(once({key(GLFW_KEY_J)}, "J", "jump to the first wrong output",
                   [](GuiHost& host) { host.state.block.jump_to_first_wrong(); }));
    // Presenter remotes send B or '.' for a black screen; any key brings the picture back (handle_shortcuts).
    table.add(once({key(GLFW_KEY_B), key(GLFW_KEY_PERIOD)}, "B or .", "black screen (any key returns)",
                   [](GuiHost& host) { host.workspace.blackout = true; }));
    table.add(once({ctrl(GLFW_KEY_T)}, "Ctrl+T", "projector / dark theme",
                   [](GuiHost& host) { host.workspace.requests.toggle_theme = true; }));
    table.add(once({key(GLFW_KEY_F5)}, "F5", "trace again", [](GuiHost& host) { host.state.block.capture_now(); }, true));
    table.add({{ctrl(GLFW_KEY_O), ctrl(GLFW_KEY_S)}, "Ctrl+O / Ctrl+S",
               "open a trace or results file / save the trace (file browser)",
               [](GuiHost& host, const KeyPress& press) {
                   host.workspace.requests.file =
                       press.key == GLFW_KEY_O ? FileRequest::open_trace : FileRequest::save_trace;
               }});
    table.add({{ctrl(GLFW_KEY_E), ctrl(GLFW_KEY_G), ctrl(GLFW_KEY_P)}, "Ctrl+E / Ctrl+G / Ctrl+P",
               "export the view as PNG at 2× / its steps as a GIF / as PNGs (into prefixlab-exports)",
               [](GuiHost& host, const KeyPress& press) {
                   host.workspace.requests.export_request = press.key == GLFW_KEY_E   ? ExportRequest::view_png
                                                            : press.key == GLFW_KEY_G ? ExportRequest::steps_gif
                                                                                      : ExportRequest::steps_png;
               }});
    table.add(once({{GLFW_KEY_E, true, false, true}}, "Ctrl+Shift+E",
                   "export the view as SVG, its text editable in slide software (into prefixlab-exports)",
                   [](GuiHost& host) { host.workspace.requests.export_request = ExportRequest::view_svg; }));
    table.add({{key(GLFW_KEY_ESCAPE)}, "Esc", "close the topmost window; leave presentation mode",
               [&table](GuiHost& host, const KeyPress&) { escape(host, table); }, false, true});
    std::vector<KeyPress> tab_keys;
    for (int k = GLFW_KEY_1; k <= GLFW_KEY_9; ++k)
        tab_keys.push_back(ctrl(k));
    table.add({tab_keys, "Ctrl+1, Ctrl+2, …", "switch view", [](GuiHost& host, const KeyPress& press) {
                   host.workspace.select_tab(static_cast<std::size_t>(press.key - GLFW_KEY_1));
               }});
    table.add({{ctrl(GLFW_KEY_EQUAL), ctrl(GLFW_KEY_KP_ADD), ctrl(GLFW_KEY_MINUS), ctrl(GLFW_KEY_KP_SUBTRACT)},
               "Ctrl+= / Ctrl+-", "larger / smaller UI scale",
               [](GuiHost& host, const KeyPress& press) {
                   const bool larger = press.key == GLFW_KEY_EQUAL || press.key == GLFW_KEY_KP_ADD;
                   host.imgui.set_ui_scale(larger ? host.imgui.ui_scale() * 1.15f : host.imgui.ui_scale() / 1.15f);
               },
               true});
    table.add(once({ctrl(GLFW_KEY_0)}, "Ctrl+0", "default UI scale", [](GuiHost& host) { host.imgui.set_ui_scale(1.0f); }));
}

void add_closing_shortcuts(ShortcutTable& table) {
    table.add(once({key(GLFW_KEY_F1)}, "F1", "this list", [](GuiHost& host) {
        host.workspace.shortcuts_open = !host.workspace.shortcuts_open;
    }, true));
    table.add(once({ctrl(GLFW_KEY_Q)}, "Ctrl+Q", "quit", [](GuiHost& host) { host.workspace.requests.quit = true; }));
}

const std::vector<NamedKey>& named_keys() {
    static const std::vector<NamedKey> keys = {
        {"Right", {GLFW_KEY_RIGHT}},     {"Left", {GLFW_KEY_LEFT}},       {"Up", {GLFW_KEY_UP}},
        {"Down", {GLFW_KEY_DOWN}},       {"PageUp", {GLFW_KEY_PAGE_UP}},  {"PageDown", {GLFW_KEY_PAGE_DOWN}},
        {"Home", {GLFW_KEY_HOME}},       {"End", {GLFW_KEY_END}},         {"Space", {GLFW_KEY_SPACE}},
        {"Escape", {GLFW_KEY_ESCAPE}},   {"F1", {GLFW_KEY_F1}},           {"F5", {GLFW_KEY_F5}},
        {"F9", {GLFW_KEY_F9}},           {"F2", {GLFW_KEY_F2}},           {"F4", {GLFW_KEY_F4}},           {"F3", {GLFW_KEY_F3}},           {"J", {GLFW_KEY_J}},           {"G", {GLFW_KEY_G}},           {"S", {GLFW_KEY_S}},           {"F7", {GLFW_KEY_F7}},           {"F11", {GLFW_KEY_F11}},         {"B", {GLFW_KEY_B}},
        {"Period", {GLFW_KEY_PERIOD}},   {"N", {GLFW_KEY_N}},             {"P", {GLFW_KEY_P}},
        {"Ctrl+T", {GLFW_KEY_T, true}},  {"Ctrl+1", {GLFW_KEY_1, true}},  {"Ctrl+2", {GLFW_KEY_2, true}},
        {"Ctrl+3", {GLFW_KEY_3, true}},  {"Ctrl+4", {GLFW_KEY_4, true}},  {"Ctrl+Equal", {GLFW_KEY_EQUAL, true}},
        {"Ctrl+Minus", {GLFW_KEY_MINUS, true}}, {"Ctrl+0", {GLFW_KEY_0, true}},
        {"Ctrl+O", {GLFW_KEY_O, true}},  {"Ctrl+S", {GLFW_KEY_S, true}},
        {"Ctrl+E", {GLFW_KEY_E, true}},  {"Ctrl+Shift+E", {GLFW_KEY_E, true, false, true}},  {"Ctrl+G", {GLFW_KEY_G, true}},  {"Ctrl+P", {GLFW_KEY_P, true}},
    };
    return keys;
}

void handle_shortcuts(const std::vector<KeyPress>& presses, GuiHost& host, const ShortcutTable& table) {
    const bool typing = ImGui::GetIO().WantTextInput;
    for (const KeyPress& press : presses) {
        if (host.workspace.blackout && !press.repeat && press.key != GLFW_KEY_ESCAPE) {
            host.workspace.blackout = false; // any key brings the picture back, and does nothing else
            continue;
        }
        const Shortcut* row = table.find(press);
        if (row == nullptr || (press.repeat && !row->repeats))
            continue;
        if (typing && !press.ctrl && !row->while_typing)
            continue; // letters and arrows belong to the text field being edited
        row->act(host, press);
    }
}

} // namespace prefixlab
