// The window's tables, filled once from the window's own rows and every feature's: the script
// commands, the shortcuts, the menus and the tabs. Made before the window opens (a script is checked
// against them first) and kept in place for the whole run (rows refer to it).
#pragma once

#include "gui/script/script_command.hpp"
#include "gui/shell/feature.hpp"
#include "gui/shell/menu_table.hpp"
#include "gui/shell/shortcut_table.hpp"

#include <string>
#include <vector>

namespace prefixlab {

struct GuiTables {
    explicit GuiTables(FeatureSet& features);
    GuiTables(const GuiTables&) = delete;
    GuiTables& operator=(const GuiTables&) = delete;

    ScriptTable script;
    ShortcutTable shortcuts;
    MenuTable menus;
    std::vector<TabMaker> tabs;
    std::vector<std::string> tab_titles;
};

// The script commands of every feature and the window, for checking a script without a window (the
// fuzz target, `--script-help`).
const ScriptTable& standalone_script_table();

} // namespace prefixlab
