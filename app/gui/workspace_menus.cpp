#include "gui/workspace_menus.hpp"

#include "gui/app_state.hpp"
#include "gui/shell/feature.hpp"
#include "gui/shell/menu_table.hpp"
#include "gui/theme.hpp"
#include "gui/workspace.hpp"

#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

void file_items(GuiHost& host) {
    AppState& state = host.state;
    Workspace& workspace = host.workspace;
    if (ImGui::MenuItem("Trace again", "F5"))
        state.block.capture_now();
    ImGui::Separator();
    if (ImGui::MenuItem("Open trace…", "Ctrl+O"))
        workspace.requests.file = FileRequest::open_trace;
    if (ImGui::MenuItem("Open results…"))
        workspace.requests.file = FileRequest::open_results;
    if (ImGui::MenuItem("Open lesson…"))
        workspace.requests.file = FileRequest::open_lesson;
    // Save saves the trace of the tab on screen, and says which.
    const std::string save = std::string("Save ") + state.stepped().noun() + " as…";
    if (ImGui::MenuItem(save.c_str(), "Ctrl+S", false, state.stepped().has_trace()))
        workspace.requests.file = FileRequest::save_trace;
    ImGui::Separator(); // exports go to ./prefixlab-exports; the status bar names the file
    if (ImGui::MenuItem("Export view as PNG (2×)", "Ctrl+E"))
        workspace.requests.export_request = ExportRequest::view_png;
    if (ImGui::MenuItem("Export view as SVG (editable text)", "Ctrl+Shift+E"))
        workspace.requests.export_request = ExportRequest::view_svg;
    const bool steps = state.block.trace() != nullptr && workspace.selected_shows_steps() &&
                       workspace.selected_session() == nullptr;
    if (ImGui::MenuItem("Export steps as GIF", "Ctrl+G", false, steps))
        workspace.requests.export_request = ExportRequest::steps_gif;
    if (ImGui::MenuItem("Export steps as PNG sequence", "Ctrl+P", false, steps))
        workspace.requests.export_request = ExportRequest::steps_png;
}

void quit_item(GuiHost& host) {
    if (ImGui::MenuItem("Quit", "Ctrl+Q"))
        host.workspace.requests.quit = true;
}

void tab_items(GuiHost& host) {
    Workspace& workspace = host.workspace;
    for (std::size_t i = 0; i < workspace.tab_count(); ++i) {
        const std::string shortcut = "Ctrl+" + std::to_string(i + 1);
        const char* title = workspace.views().tabs[i]->title();
        if (ImGui::MenuItem(title, shortcut.c_str(), workspace.selected_title() == std::string(title)))
            workspace.select_tab(i);
    }
}

void mode_items(GuiHost& host) {
    AppState& state = host.state;
    Workspace& workspace = host.workspace;
    if (ImGui::MenuItem("Presentation mode", "F11", workspace.presenting))
        workspace.requests.toggle_presentation = true;
    if (ImGui::MenuItem("Kernel source", "F4", workspace.source_visible))
        workspace.source_visible = !workspace.source_visible;
    if (ImGui::MenuItem("Narration", "F2", workspace.narration_visible))
        workspace.narration_visible = !workspace.narration_visible;
    if (ImGui::MenuItem("Settings panel", "F9", workspace.sidebar_visible))
        workspace.toggle_sidebar();
    if (ImGui::MenuItem("Reveal mode: hide later steps", nullptr, state.reveal))
        state.reveal = !state.reveal;
    if (ImGui::MenuItem("Projector theme", "Ctrl+T", theme::current() == theme::Name::projector))
        workspace.requests.toggle_theme = true;
    if (ImGui::MenuItem("Black screen", "B"))
        workspace.blackout = true;
}

void help_items(GuiHost& host) {
    if (ImGui::MenuItem("Keyboard shortcuts", "F1"))
        host.workspace.shortcuts_open = true;
    if (ImGui::MenuItem("About PrefixLab"))
        host.workspace.about_open = true;
}

} // namespace

void add_workspace_menus(MenuTable& menus) {
    menus.add("File", file_items);
    menus.add("View", tab_items);
    menus.add("View", mode_items);
    menus.add("Help", help_items);
}

void add_quit_menu(MenuTable& menus) { menus.add("File", quit_item); }

} // namespace prefixlab
