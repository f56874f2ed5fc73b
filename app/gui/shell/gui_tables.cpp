#include "gui/shell/gui_tables.hpp"

#include "gui/script/window_commands.hpp"
#include "gui/shell/scene_glue.hpp"
#include "gui/shortcuts.hpp"
#include "gui/trace_commands.hpp"
#include "gui/view_registry.hpp"
#include "gui/workspace_menus.hpp"
#include "gui/export/export_commands.hpp"

namespace prefixlab {

GuiTables::GuiTables(FeatureSet& features) {
    for (const auto& feature : features.all())
        feature->add_tabs(tabs);
    for (const TabMaker& make : tabs)
        tab_titles.emplace_back(make()->title());

    add_window_commands(script, tab_titles);
    add_trace_commands(script);
    add_export_commands(script);
    add_scene_commands(script);
    add_window_shortcuts(shortcuts);
    add_workspace_menus(menus);
    for (const auto& feature : features.all()) {
        feature->add_commands(script);
        feature->add_shortcuts(shortcuts);
        feature->add_menus(menus);
    }
    add_quit_command(script);
    add_closing_shortcuts(shortcuts);
    add_quit_menu(menus);
}

const ScriptTable& standalone_script_table() {
    static FeatureSet features;
    static const GuiTables tables(features);
    return tables.script;
}

} // namespace prefixlab
