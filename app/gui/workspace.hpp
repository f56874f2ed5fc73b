// Lays the views out in the window: a menu bar, the settings panel (sidebar) on the left, the selected
// tab in the main area, the narration of the current step under it, the status bar at the bottom. A fixed layout, from the font size: a lecture
// needs nothing to be dragged around. Where the panel and a useful main area do not fit side by side
// (1280×720 at 2×, 1920×1080 at 3×), the panel opens over the main area instead (F9 or the Settings
// button) and closes again with F9 or Esc.
#pragma once

#include "gui/view_registry.hpp"
#include "gui/views/scroll_anchor.hpp"

#include <optional>
#include <string>

namespace prefixlab {

class AppState;
class MenuTable;
class ShortcutTable;
struct GuiHost;

// The file browser asked for by the File menu or Ctrl+O / Ctrl+S (file_opening.cpp opens it).
enum class FileRequest { none, open_trace, open_results, open_lesson, save_trace };

// An export asked for by the File menu or Ctrl+E / Ctrl+Shift+E / Ctrl+G / Ctrl+P (gui/export/view_export.hpp).
enum class ExportRequest { none, view_png, steps_gif, steps_png, view_svg };

// What the workspace's menus and keys ask of the main loop, which owns the window and the fonts.
struct WorkspaceRequests {
    bool quit = false;
    bool toggle_presentation = false; // F11
    bool toggle_theme = false;        // Ctrl+T
    FileRequest file = FileRequest::none; // File ▸ Open trace… / Open results… / Save trace as…
    ExportRequest export_request = ExportRequest::none; // File ▸ Export …
    bool quiz_run = false; // run the quiz's fragments (a lesson's quiz scene: Page Down runs them)
    std::optional<bool> quiz_reveal; // reveal the quiz's answer, or hide it (Page Down after the run)
};

class Workspace {
public:
    Workspace(ViewRegistry& views, const MenuTable& menus, const ShortcutTable& shortcuts)
        : views_(views), menus_(menus), shortcuts_(shortcuts) {}

    void draw(GuiHost& host, const ViewContext& context);

    // Selects the tab whose title is `title`; false if there is none.
    bool select_tab(const std::string& title);
    void select_tab(std::size_t index);
    std::size_t tab_count() const { return views_.tabs.size(); }
    SourceView& source_view() { return views_.source; } // its form (CUDA or PrefixLab's) is the scene's
    const char* selected_title() const { return views_.tabs[selected_]->title(); }
    bool selected_shows_steps() const { return views_.tabs[selected_]->shows_steps(); }
    bool selected_marks_differences() const { return views_.tabs[selected_]->marks_differences(); }
    // The selected tab's own session (View::stepped_session), nullptr for the block trace's.
    SteppedSession* selected_session() const { return views_.tabs[selected_]->stepped_session(); }

    // F9: shows or hides the settings panel, docked beside the main area where both fit, else over it.
    void toggle_sidebar();
    // Shows the settings panel: docked where it fits, else over the main area.
    void open_sidebar();
    ViewRegistry& views() { return views_; }
    // Where the main area scrolls for each tab, for a view that keeps no place of its own (a scene keeps it).
    ScrollAnchor& main_anchor(std::size_t tab) { return main_anchors_[tab]; }
    bool sidebar_fits(float window_width) const;
    // Esc: closes the topmost thing open (the black screen, the panel over the main area, the
    // shortcuts window); false if nothing was open.
    bool close_topmost();

    WorkspaceRequests requests;
    bool shortcuts_open = false;
    bool about_open = false; // Help > About: the version, the CUDA state, the assets folder
    bool sidebar_visible = true; // docked where it fits; F9; presentation mode hides it
    bool narration_visible = true; // the step's narration under the views; F2
    bool source_visible = false;   // the kernel's source beside the views (over them where both do not fit); F4
    bool blackout = false;       // B or '.': a black screen, as presenter remotes ask for; any key ends it
    bool presenting = false;     // set by the main loop, for the menu's check mark

private:
    void draw_shortcuts_window();
    void draw_about_window();
    void draw_sidebar(AppState& state, const ViewContext& context, float x, float y, float width, float height,
                      bool over_main);
    void draw_main(GuiHost& host, const ViewContext& context, float x, float y, float width, float height,
                   bool show_panel_button);
    void draw_source(AppState& state, const ViewContext& context, float x, float y, float width, float height,
                     bool instead_of_views);

    ViewRegistry& views_;
    std::vector<ScrollAnchor> main_anchors_ = std::vector<ScrollAnchor>(views_.tabs.size());
    const MenuTable& menus_;
    const ShortcutTable& shortcuts_;
    std::size_t selected_ = 0;
    bool select_pending_ = true;
    bool overlay_open_ = false;  // the panel over the main area, where it cannot dock
    float status_height_ = 0;    // the status bar's height in the last frame (it wraps long lines)
};

} // namespace prefixlab
