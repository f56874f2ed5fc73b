// Lays out and draws a Plot through a PlotPainter. The GUI's plot view and the PNG/SVG/PDF export both
// call draw_plot(), so a slide shows exactly what the screen showed; layout rules in docs/plots.md.
//
// [SECTION] Style     colours and sizes: light (white, for slides; the default) and dark (the app)
// [SECTION] Frame     where the data ended up on the surface: to_screen() and back, for hover
// [SECTION] Drawing   draw_plot()
// [SECTION] Hover     nearest_point()
#pragma once

#include "core/plot/plot.hpp"
#include "core/plot/plot_painter.hpp"
#include "core/plot/plot_ticks.hpp"

#include <optional>
#include <vector>

namespace prefixlab {

// [SECTION] Style ---------------------------------------------------------------------------------

// Sizes are in surface units (pixels, or points in SVG/PDF). At scale 1 they suit a plot of about
// 800 × 450 (the GUI at 100 %); `scale` multiplies every size, for UI scale, DPI or a bigger export.
struct PlotStyle {
    Rgba background;
    Rgba frame;          // the data area's border, tick marks
    Rgba grid;           // grid lines at every tick
    Rgba text;           // title, axis labels, tick labels, legend entries
    Rgba secondary_text; // subtitle, "no data"
    Rgba legend_background;
    Rgba legend_border;

    float title_size = 0; // font sizes: DejaVu Sans pixel heights (see PlotPainter::text)
    float subtitle_size = 0;
    float label_size = 0;  // axis labels
    float tick_size = 0;   // tick labels
    float legend_size = 0; // legend entries and annotation texts

    float line_width = 0;  // series lines and error bars
    float frame_width = 0; // border and tick marks
    float grid_width = 0;
    float marker_radius = 0;
    float tick_length = 0; // tick marks point outwards, away from the data
    float padding = 0;     // around the plot and between its blocks

    static PlotStyle light(float scale = 1);
    static PlotStyle dark(float scale = 1); // on the app's background, rgb(20, 23, 26)
};

// The style scale for a surface of width × height: 1 at 800 × 450, 2 at 1600 × 900 (a slide), so an
// export has the proportions of the screen. Exports use PlotStyle::light(plot_scale_for_size(w, h)).
float plot_scale_for_size(float width, float height);

// [SECTION] Frame ---------------------------------------------------------------------------------

struct DataPosition {
    double x = 0;
    double y = 0;
};

// What draw_plot() drew where. The data area is framed and clips series, grid and annotations; the
// axis ranges map onto it inset by a few pixels so that a marker on the first or last tick shows whole.
struct PlotFrame {
    Vec2f area_min, area_max; // the framed data area on the surface
    Vec2f data_min, data_max; // where x_min..x_max and y_max..y_min (y down) map to
    AxisScale x_scale = AxisScale::linear;
    AxisScale y_scale = AxisScale::linear;
    double x_min = 0, x_max = 1; // the widened ranges: the first and last tick
    double y_min = 0, y_max = 1;
    std::vector<double> x_ticks, y_ticks;
    bool has_data = false; // false: "no data" was drawn
    Vec2f legend_min, legend_max; // the legend's box (equal when there is no legend)

    // Surface position of a data point; NaN for a value a log axis cannot show (<= 0).
    Vec2f to_screen(double x, double y) const;
    DataPosition to_data(Vec2f screen) const;
    bool in_area(Vec2f screen) const;
};

// [SECTION] Drawing -------------------------------------------------------------------------------

// Draws `plot` into the rectangle [origin, origin + size] and returns where things went:
//   top      title, subtitle, then the y axis label (horizontal, above the y axis: no rotated text);
//   middle   the data area: grid at every tick, series (error bars, line, a marker per point), vertical
//            annotation lines with their text near the top, all clipped to the area;
//   left     y tick labels; bottom: x tick labels and the x axis label; labels that would overlap are
//            thinned to every k-th tick (grid lines stay);
//   right    the legend (line style, marker, colour, name), outside the data area; where that would
//            take more than 35 % of the width or cut a name, below the x axis label instead, in columns.
// The subtitle wraps onto further lines rather than being cut.
// Shown ranges: the union of each axis's range with the visible data (on a log axis the axis's range
// only when min > 0), widened to whole ticks (axis_ticks()). series_visible[i] == false hides series i
// from the plot and the legend; a shorter vector shows the rest. Points that an axis cannot show
// (non-finite; <= 0 on a log axis) are skipped. With nothing to show: frame, axes and "no data".
PlotFrame draw_plot(const Plot& plot, PlotPainter& painter, Vec2f origin, Vec2f size, const PlotStyle& style,
                    const std::vector<bool>& series_visible = {});

// What draw_plot() would return, drawing nothing (`painter` only measures texts): where the points
// of a picture drawn earlier lie, for hover.
PlotFrame plot_frame(const Plot& plot, PlotPainter& painter, Vec2f origin, Vec2f size, const PlotStyle& style,
                     const std::vector<bool>& series_visible = {});

// The least height draw_plot() needs at `width` for every block whole (title, wrapped subtitle, axis
// labels, the legend, right or below) and a data area at least min_data_height tall: a view that
// has less lets the plot take this much and scrolls.
float plot_height_needed(const Plot& plot, PlotPainter& painter, float width, const PlotStyle& style,
                         float min_data_height, const std::vector<bool>& series_visible = {});

// Whether series i is shown under a series_visible vector of draw_plot()'s convention.
bool series_shown(const std::vector<bool>& series_visible, std::size_t i);

// [SECTION] Hover ---------------------------------------------------------------------------------

struct PlotHit {
    int series = -1;
    int point = -1;
    Vec2f screen; // where the point's marker is
};

// The visible point whose marker centre is nearest to `mouse`, if within max_distance (surface units);
// points outside the data area do not count. Ties go to the earlier series.
std::optional<PlotHit> nearest_point(const Plot& plot, const PlotFrame& frame, Vec2f mouse,
                                     float max_distance, const std::vector<bool>& series_visible = {});

} // namespace prefixlab
