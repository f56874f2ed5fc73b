// The views of the window and where each one lives: the sidebar, the tabs of the main area (made by
// the features, in the order of features/feature_list.cpp), the narration strip, the status bar.
#pragma once

#include "gui/shell/feature.hpp"
#include "gui/views/controls_view.hpp"
#include "gui/views/narration_view.hpp"
#include "gui/views/source_view.hpp"
#include "gui/views/status_bar_view.hpp"

#include <memory>
#include <string>
#include <vector>

namespace prefixlab {

struct ViewRegistry {
    ControlsView sidebar;
    StatusBarView status_bar;
    NarrationView narration; // the strip between the main area and the status bar
    SourceView source;       // the kernel's source, right of the main area (F4)
    std::vector<std::unique_ptr<View>> tabs; // in tab order; Ctrl+1, Ctrl+2, … select them
    // [tab]: a second instance of a tab that steps the block trace, with its own zoom and scroll, for a
    // feature that draws it twice (Feature::draw_tab); nullptr for the other tabs.
    std::vector<std::unique_ptr<View>> second_tabs;
};

ViewRegistry make_views(const std::vector<TabMaker>& tabs);

} // namespace prefixlab
