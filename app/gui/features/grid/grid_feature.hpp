// The Grid feature (issue 13): scans across many blocks, traced in the emulator or on the GPU. Its tabs
// (Grid: tiles, launches and the arrows between blocks; timeline/: the look-back of single-pass scans
// over time), its menu item (View ▸ Grid scan…), and its script commands (`grid-trace`, `report-grid`).
#pragma once

#include "gui/features/grid/grid_session.hpp"
#include "gui/shell/feature.hpp"

namespace prefixlab {

class GridFeature final : public Feature {
public:
    void add_tabs(std::vector<TabMaker>& tabs) override;
    void add_commands(ScriptTable& table) override;
    void add_menus(MenuTable& menus) override;
    void draw_sidebar(AppState& state, const std::string& typed_path) override;
    void start(AppState& state) override;
    bool open_file(const std::string& path, FileKind kind, GuiHost& host) override;
    std::vector<RecentFile> take_files_used() override;
    // Once a frame after drawing: a grid file that was read selects the Grid tab.
    void after_frame(GuiHost& host) override;
    void store(Scene& scene) const override;
    void restore(const Scene& scene) override;

private:
    GridSession session_;
    bool open_section_ = false; // View ▸ Grid scan… opens the panel's Grid scan section (once)
};

} // namespace prefixlab
