#include "gui/view_registry.hpp"

namespace prefixlab {

ViewRegistry make_views(const std::vector<TabMaker>& tabs) {
    ViewRegistry views;
    for (const TabMaker& make : tabs) {
        views.tabs.push_back(make());
        const bool compared = views.tabs.back()->shows_steps() && !views.tabs.back()->steps_grid();
        views.compared_tabs.push_back(compared ? make() : nullptr);
    }
    return views;
}

} // namespace prefixlab
