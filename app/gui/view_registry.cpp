#include "gui/view_registry.hpp"

namespace prefixlab {

ViewRegistry make_views(const std::vector<TabMaker>& tabs) {
    ViewRegistry views;
    for (const TabMaker& make : tabs) {
        views.tabs.push_back(make());
        const bool twice = views.tabs.back()->shows_steps() && views.tabs.back()->stepped_session() == nullptr;
        views.second_tabs.push_back(twice ? make() : nullptr);
    }
    return views;
}

} // namespace prefixlab
