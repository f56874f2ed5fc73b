// Pieces of draw_plot() (plot_layout.cpp) kept apart so each stays short: the legend, the annotation
// texts, thinning of tick labels that would overlap, and fitting a text to a width. Internal to the
// plot layout; nothing outside app/core/plot includes this.
#pragma once

#include "core/plot/plot_layout.hpp"

#include <string>
#include <vector>

namespace prefixlab {

struct LegendLayout {
    bool shown = false;  // some series is visible
    bool outside = true; // outside the data area: right of it, or below the plot (`below`)
    bool below = false;  // in columns across the plot's width, under the x axis label
    Vec2f box_min, box_max;
    int rows = 0;
    float row_height = 0;
    float column_width = 0;           // swatch, gap and name; columns are a legend_size apart
    float swatch_width = 0;           // the line-style sample with the marker on it
    float padding = 0;                // inside the box
    std::vector<std::size_t> entries; // indices of the visible series, in order
    std::vector<std::string> names;   // their names, shortened with "…" to the column
};

// Places the legend, always outside the data area: right of it when its columns (rows beyond the
// area's height go into further columns) fit in 35 % of the surface's width with whole names; else
// below the plot, in as many columns as the width [left, right]
// takes, its box ending at `bottom` (names shortened only where one column is still too narrow).
LegendLayout layout_legend(const Plot& plot, const std::vector<bool>& series_visible, PlotPainter& painter,
                           const PlotStyle& style, Vec2f area_min, Vec2f area_max, float left, float right,
                           float bottom, float surface_width);

// `text` broken into lines of at most max_width: at " · " first, then at spaces; a word wider than
// the width is shortened with "…" (fit_text).
std::vector<std::string> wrap_text(PlotPainter& painter, const std::string& text, float size, float max_width);

void draw_legend(const Plot& plot, const LegendLayout& legend, PlotPainter& painter, const PlotStyle& style);

// Annotation texts near the top of the data area, right of their line (left of it where the text
// would leave the area), each on a background so grid and series do not run through it; a text that
// would overlap an earlier one or an inside legend moves down a row.
void draw_annotation_texts(const Plot& plot, const PlotFrame& frame, const LegendLayout& legend,
                           PlotPainter& painter, const PlotStyle& style);

// Which tick labels to show: every k-th tick for the smallest k of 1, 2, 5, 10, 20, ... at which no two
// shown labels collide.
// Ticks are counted from a round one (2^0, 10^0, a decade's 1, a linear 0), so the labels kept are
// round too. `at` holds the ticks' surface positions along the axis (x when `horizontal`, else y).
std::vector<bool> thin_tick_labels(PlotPainter& painter, const PlotStyle& style, AxisScale scale,
                                   const std::vector<double>& ticks, const std::vector<std::string>& labels,
                                   const std::vector<float>& at, bool horizontal);

// `text` itself if it is at most max_width wide, else its longest prefix (whole UTF-8 characters)
// followed by "…" that is.
std::string fit_text(PlotPainter& painter, const std::string& text, float size, float max_width);

} // namespace prefixlab
