// Keyboard shortcuts, for a lecturer at a projector: stepping with the arrow keys (or a presenter
// remote, which sends Page Up/Down), play with Space, re-trace with F5, zoom the UI with Ctrl+=/-.
#pragma once

#include "gui/platform/platform_window.hpp"

#include <vector>

namespace prefixlab {

class AppState;
class Workspace;
class ImGuiLayer;

struct ShortcutHelp {
    const char* keys;
    const char* action;
};

const std::vector<ShortcutHelp>& shortcut_help();

// Keys by name, for scripted mode's `key NAME` ("Right", "PageDown", "F11", "B", "Ctrl+T", …): the
// presses go through the same queue and handler as the window's.
struct NamedKey {
    const char* name;
    KeyPress press;
};
const std::vector<NamedKey>& named_keys();

// Acts on the key presses since the last frame, each one (a press and release inside one frame
// counts); ignores single keys while a text field has focus.
void handle_shortcuts(const std::vector<KeyPress>& presses, AppState& state, Workspace& workspace, ImGuiLayer& imgui);

} // namespace prefixlab
