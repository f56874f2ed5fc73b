// The Benchmark tab's timed-table views (Harris's reduction table, the compaction table), one panel a
// kind: which table (the shipped ones, earlier runs, files opened, this session's), timing one here with
// progress and cancel, opening a CSV, exporting the figure (PNG/SVG/PDF, as a 1600 × 900 slide) or the
// CSV, and the table itself, drawn by draw_table_figure() through the Dear ImGui painter into a cached
// texture: what the exports draw.
#pragma once

#include "gui/features/benchmark/bench_state.hpp"
#include "gui/render/plot_texture.hpp"
#include "gui/views/view.hpp"

#include <optional>
#include <string>

namespace prefixlab {

// The Benchmark tab's view picker (scan sweep, reduction table, compaction table), first in each view's
// top row, and its width for wrapping.
void draw_bench_view_picker(BenchState& bench);
float bench_view_picker_width();

class TimedTablePanel {
public:
    // The panel of `table`'s tables, timing them at 2^n_exponent until the lecturer moves the slider.
    TimedTablePanel(BenchShows table, int n_exponent) : table_(table), n_exponent_(n_exponent) {}
    void draw(BenchState& bench, const ViewContext& context);

    int figure_redraws() const { return texture_.redraws(); }

private:
    void draw_controls(BenchState& bench, bool& shown);
    void draw_figure(BenchState& bench, const ViewContext& context);

    // Until the lecturer chooses, the controls' rows show where the tab is at least kRoomyEms tall:
    // at 1280 × 720 and 2× they would leave the table five of its twenty lines.
    static constexpr float kRoomyEms = 30;
    BenchShows table_;
    std::optional<bool> controls_choice_;
    PlotTexture texture_;
    int n_exponent_;
    int repetitions_ = 20;
    char open_path_[512] = "";
};

} // namespace prefixlab
