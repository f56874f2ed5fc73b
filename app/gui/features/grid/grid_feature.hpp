// The Grid feature (issue 13): scans across many blocks, traced in the emulator or on the GPU. Its tabs
// (Grid: tiles, launches and the arrows between blocks; timeline/: the look-back of single-pass scans
// over time), its menu item (View ▸ Grid scan…), and its script commands (`grid-trace`, `report-grid`).
#pragma once

#include "gui/shell/feature.hpp"

namespace prefixlab {

class GridFeature final : public Feature {
public:
    void add_tabs(std::vector<TabMaker>& tabs) override;
    void add_commands(ScriptTable& table) override;
    void add_menus(MenuTable& menus) override;
    void draw_sidebar(AppState& state) override;

private:
    bool open_section_ = false; // View ▸ Grid scan… opens the panel's Grid scan section (once)
};

} // namespace prefixlab
