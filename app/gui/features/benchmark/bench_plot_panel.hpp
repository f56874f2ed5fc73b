// The benchmark tab's plot: the series preset (lecture or all), the plot kind and options, the plot
// itself drawn by draw_plot() through the Dear ImGui painter (what exports draw through Cairo) into a
// cached texture, hover read-outs drawn live on top, and the series toggles in a popup.
#pragma once

#include "core/plot/plot.hpp"
#include "gui/render/plot_texture.hpp"
#include "gui/views/view.hpp"

#include <string>
#include <vector>

namespace prefixlab {

class BenchState;
struct BenchRun;

class BenchPlotPanel {
public:
    // `settings_shown`: the tab's settings column, toggled by a button in the options row.
    void draw(BenchState& bench, const ViewContext& context, bool& settings_shown);

    int plot_redraws() const { return texture_.redraws(); }

private:
    void draw_options(BenchState& bench, bool& settings_shown);
    void draw_series_popup(BenchState& bench);
    const Plot& current_plot(BenchState& bench, const std::vector<const BenchRun*>& runs);

    PlotTexture texture_;
    Plot plot_;             // built for plot_key_
    std::string plot_key_;  // the runs and options plot_ was built from
};

} // namespace prefixlab
