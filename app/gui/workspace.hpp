// Lays the views out in the window: a menu bar, the sidebar on the left, the selected tab in the main
// area, the status bar at the bottom. A fixed layout: a lecture needs nothing to be dragged around.
#pragma once

#include "view_registry.hpp"

#include <string>

namespace prefixlab {

class AppState;

struct WorkspaceRequests {
    bool quit = false;
    bool show_shortcuts = false;
};

class Workspace {
public:
    explicit Workspace(ViewRegistry& views) : views_(views) {}

    void draw(AppState& state, const ViewContext& context);

    // Selects the tab whose title is `title`; false if there is none.
    bool select_tab(const std::string& title);
    void select_tab(std::size_t index);
    std::size_t tab_count() const { return views_.tabs.size(); }

    WorkspaceRequests requests;
    bool shortcuts_open = false;
    bool sidebar_visible = true; // F9; presentation mode hides it

private:
    void draw_menu(AppState& state);
    void draw_shortcuts_window();

    ViewRegistry& views_;
    std::size_t selected_ = 0;
    bool select_pending_ = true;
};

} // namespace prefixlab
