// Keyboard shortcuts, for a lecturer at a projector: stepping with the arrow keys (or a presenter
// remote, which sends Page Up/Down), play with Space, re-trace with F5, zoom the UI with Ctrl+=/-. The
// window's own rows of the shortcut table (gui/shell/shortcut_table.hpp); features add theirs.
#pragma once

#include "gui/platform/platform_window.hpp"

#include <vector>

namespace prefixlab {

class ShortcutTable;
struct GuiHost;

void add_window_shortcuts(ShortcutTable& table);
// F1 and Ctrl+Q, added after the features' rows so that the F1 list ends with them.
void add_closing_shortcuts(ShortcutTable& table);

// Keys by name, for scripted mode's `key NAME` ("Right", "PageDown", "F11", "B", "Ctrl+T", …): the
// presses go through the same queue and handler as the window's.
struct NamedKey {
    const char* name;
    KeyPress press;
};
const std::vector<NamedKey>& named_keys();

// Acts on the key presses since the last frame, each one (a press and release inside one frame
// counts); ignores single keys while a text field has focus, except the rows that say otherwise.
void handle_shortcuts(const std::vector<KeyPress>& presses, GuiHost& host, const ShortcutTable& table);

} // namespace prefixlab
