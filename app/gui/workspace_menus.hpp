// The window's own menu items: File (trace again, open, save, exports, quit), View (the tabs, the
// panels and modes) and Help. Features add theirs beside them (Feature::add_menus).
#pragma once

namespace prefixlab {

class MenuTable;

void add_workspace_menus(MenuTable& menus);
// File ▸ Quit, added after the features' File items so that it stays last.
void add_quit_menu(MenuTable& menus);

} // namespace prefixlab
