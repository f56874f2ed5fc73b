// The Benchmark tab's reduction-table view: which table (the H100's shipped one, earlier runs, files
// opened, this session's), timing one here with progress and cancel, opening a CSV, exporting the
// figure (PNG/SVG/PDF, as a 1600 × 900 slide) or the CSV, and the table itself, drawn by
// draw_table_figure() through the Dear ImGui painter into a cached texture: what the exports draw.
#pragma once

#include "gui/render/plot_texture.hpp"
#include "gui/views/view.hpp"

#include <optional>
#include <string>

namespace prefixlab {

class BenchState;

// The Benchmark tab's view picker (scan sweep or reduction table), first in each view's top row, and
// its width for wrapping.
void draw_bench_view_picker(BenchState& bench);
float bench_view_picker_width();

class ReduceTablePanel {
public:
    void draw(BenchState& bench, const ViewContext& context);

    int figure_redraws() const { return texture_.redraws(); }

private:
    void draw_controls(BenchState& bench, bool& shown);
    void draw_figure(BenchState& bench, const ViewContext& context);

    // Until the lecturer chooses, the controls' rows show where the tab is at least kRoomyEms tall:
    // at 1280 × 720 and 2× they would leave the table five of its twenty lines.
    static constexpr float kRoomyEms = 30;
    std::optional<bool> controls_choice_;
    PlotTexture texture_;
    int n_exponent_ = 22; // Harris's size
    int repetitions_ = 20;
    char open_path_[512] = "";
};

} // namespace prefixlab
