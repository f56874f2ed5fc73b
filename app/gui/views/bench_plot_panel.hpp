// The benchmark tab's plot: the plot kind and options, the plot itself drawn by draw_plot() through
// the Dear ImGui painter (what exports draw through Cairo), hover read-outs, and the series toggles.
#pragma once

#include "view.hpp"

namespace prefixlab {

class BenchState;
struct Plot;

class BenchPlotPanel {
public:
    void draw(BenchState& bench, const ViewContext& context);

private:
    void draw_options(BenchState& bench);
    void draw_series_toggles(BenchState& bench, const Plot& plot);
};

} // namespace prefixlab
