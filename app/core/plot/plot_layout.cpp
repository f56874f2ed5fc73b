// draw_plot(): blocks placed top to bottom (title, subtitle, y label, data area, x labels) and left to
// right (y tick labels, data area, legend), then drawn back to front (grid, annotation lines, series,
// frame and ticks, texts, legend). Legend, annotation texts and label thinning: plot_layout_detail.cpp.
#include "core/plot/plot_layout.hpp"

#include "core/plot/plot_layout_detail.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace prefixlab {

namespace {

struct Extent {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    bool empty() const { return lo > hi; }
    void add(double v) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
};

// The visible data's extent along x and y (error bars included), over points both axes accept.
void data_extents(const Plot& plot, const std::vector<bool>& visible, Extent& x, Extent& y) {
    for (std::size_t i = 0; i < plot.series.size(); ++i) {
        if (!series_shown(visible, i))
            continue;
        for (const PlotPoint& p : plot.series[i].points) {
            if (!axis_accepts(plot.x.scale, p.x) || !axis_accepts(plot.y.scale, p.y))
                continue;
            x.add(p.x);
            y.add(p.y);
            for (double bar : {p.y_low, p.y_high})
                if (axis_accepts(plot.y.scale, bar))
                    y.add(bar);
        }
    }
}

// The axis's ticks over its own range united with the data's; defaults when neither is usable.
std::vector<double> shown_ticks(const PlotAxis& axis, Extent data) {
    const bool axis_range_usable = std::isfinite(axis.min) && std::isfinite(axis.max) &&
                                   axis.min < axis.max && (axis.scale == AxisScale::linear || axis.min > 0);
    if (axis_range_usable) {
        data.add(axis.min);
        data.add(axis.max);
    }
    if (data.empty()) { // nothing to show: a plain unit range, so the frame still has its axes
        data.add(axis.scale == AxisScale::linear ? 0 : 1);
        data.add(axis.scale == AxisScale::linear ? 1 : 10);
    }
    return axis_ticks(axis.scale, data.lo, data.hi);
}

std::vector<std::string> labels_of(AxisScale scale, const std::vector<double>& ticks) {
    std::vector<std::string> labels;
    for (double t : ticks)
        labels.push_back(tick_label(scale, t, ticks.back()));
    return labels;
}

Rgba with_alpha(Rgba c, float a) {
    c.a *= a;
    return c;
}

void draw_series(const PlotSeries& series, const Plot& plot, const PlotFrame& frame, PlotPainter& painter,
                 const PlotStyle& style) {
    std::vector<Vec2f> line;
    for (const PlotPoint& p : series.points) {
        if (!axis_accepts(plot.x.scale, p.x) || !axis_accepts(plot.y.scale, p.y))
            continue;
        const Vec2f at = frame.to_screen(p.x, p.y);
        line.push_back(at);
        // Error bar: a low end a log axis cannot show (<= 0) runs off the bottom of the area. A bar
        // hidden by its marker is left out, or its caps would poke out of the marker as stubs.
        if (p.y_low < p.y_high && axis_accepts(plot.y.scale, p.y_high) && std::isfinite(p.y_low)) {
            const float top = frame.to_screen(p.x, p.y_high).y;
            const float bottom =
                axis_accepts(plot.y.scale, p.y_low) ? frame.to_screen(p.x, p.y_low).y : frame.area_max.y;
            const float marker_extent = style.marker_radius + style.line_width * 0.6f; // with its ring
            if (top > at.y - marker_extent && bottom < at.y + marker_extent)
                continue;
            const float cap = style.marker_radius * 0.8f;
            const Rgba colour = with_alpha(series.colour, 0.8f);
            painter.line({at.x, top}, {at.x, bottom}, colour, style.line_width * 0.7f, false);
            painter.line({at.x - cap, top}, {at.x + cap, top}, colour, style.line_width * 0.7f, false);
            painter.line({at.x - cap, bottom}, {at.x + cap, bottom}, colour, style.line_width * 0.7f, false);
        }
    }
    if (line.size() >= 2)
        painter.polyline(line, series.colour, style.line_width, series.dashed);
    // A ring of background around each marker keeps crossing series and close points apart.
    for (const Vec2f& at : line) {
        painter.marker(at, style.marker_radius + style.line_width * 0.6f, series.marker, style.background);
        painter.marker(at, style.marker_radius, series.marker, series.colour);
    }
}

} // namespace

bool series_shown(const std::vector<bool>& series_visible, std::size_t i) {
    return i >= series_visible.size() || series_visible[i];
}

Vec2f PlotFrame::to_screen(double x, double y) const {
    const double cx0 = axis_coordinate(x_scale, x_min), cx1 = axis_coordinate(x_scale, x_max);
    const double cy0 = axis_coordinate(y_scale, y_min), cy1 = axis_coordinate(y_scale, y_max);
    const double tx = (axis_coordinate(x_scale, x) - cx0) / (cx1 - cx0);
    const double ty = (axis_coordinate(y_scale, y) - cy0) / (cy1 - cy0);
    return {float(data_min.x + tx * (data_max.x - data_min.x)),
            float(data_max.y - ty * (data_max.y - data_min.y))};
}

DataPosition PlotFrame::to_data(Vec2f screen) const {
    const double tx = (double(screen.x) - data_min.x) / (double(data_max.x) - data_min.x);
    const double ty = (double(data_max.y) - screen.y) / (double(data_max.y) - data_min.y);
    const double cx0 = axis_coordinate(x_scale, x_min), cx1 = axis_coordinate(x_scale, x_max);
    const double cy0 = axis_coordinate(y_scale, y_min), cy1 = axis_coordinate(y_scale, y_max);
    return {axis_value(x_scale, cx0 + tx * (cx1 - cx0)), axis_value(y_scale, cy0 + ty * (cy1 - cy0))};
}

bool PlotFrame::in_area(Vec2f s) const {
    return s.x >= area_min.x && s.x <= area_max.x && s.y >= area_min.y && s.y <= area_max.y;
}

PlotFrame draw_plot(const Plot& plot, PlotPainter& painter, Vec2f origin, Vec2f size, const PlotStyle& style,
                    const std::vector<bool>& series_visible) {
    const float pad = style.padding;
    const Vec2f end{origin.x + size.x, origin.y + size.y};
    painter.push_clip(origin, end);
    painter.fill_rect(origin, end, style.background);

    // --- what the axes show: independent of pixels ------------------------------------------------
    PlotFrame frame;
    Extent data_x, data_y;
    data_extents(plot, series_visible, data_x, data_y);
    frame.has_data = !data_x.empty();
    frame.x_scale = plot.x.scale;
    frame.y_scale = plot.y.scale;
    frame.x_ticks = shown_ticks(plot.x, data_x);
    frame.y_ticks = shown_ticks(plot.y, data_y);
    frame.x_min = frame.x_ticks.front();
    frame.x_max = frame.x_ticks.back();
    frame.y_min = frame.y_ticks.front();
    frame.y_max = frame.y_ticks.back();
    const std::vector<std::string> x_labels = labels_of(plot.x.scale, frame.x_ticks);
    const std::vector<std::string> y_labels = labels_of(plot.y.scale, frame.y_ticks);

    // --- top block: title, subtitle, y axis label --------------------------------------------------
    const float left = origin.x + pad;
    const float text_width = std::max(0.0f, size.x - 2 * pad);
    float top = origin.y + pad;
    if (!plot.title.empty()) {
        painter.text({left, top}, fit_text(painter, plot.title, style.title_size, text_width),
                     style.title_size, style.text, TextAnchor::left, TextBaseline::top);
        top += style.title_size + 0.3f * pad;
    }
    if (!plot.subtitle.empty()) // wrapped, never cut: it says where the numbers come from
        for (const std::string& line : wrap_text(painter, plot.subtitle, style.subtitle_size, text_width)) {
            painter.text({left, top}, line, style.subtitle_size, style.secondary_text, TextAnchor::left,
                         TextBaseline::top);
            top += style.subtitle_size + 0.3f * pad;
        }
    top += 0.5f * pad;
    const float y_label_top = top;
    if (!plot.y.label.empty())
        top += style.label_size + 0.4f * pad;
    // The data is inset from the frame, so the top tick label (centred on the top tick) needs only
    // what the inset does not give it.
    const float inset = style.marker_radius + 2 * style.line_width;
    top += std::max(0.0f, style.tick_size / 2 - inset);

    // --- bottom block: x tick labels, x axis label -------------------------------------------------
    const float label_gap = 0.35f * style.tick_size;
    float bottom = end.y - pad;
    if (!plot.x.label.empty())
        bottom -= style.label_size + 0.4f * pad;
    bottom -= style.tick_length + label_gap + style.tick_size;

    // --- left and right: y tick labels, legend ------------------------------------------------------
    float y_label_width = 0;
    for (const std::string& label : y_labels)
        y_label_width = std::max(y_label_width, painter.text_size(label, style.tick_size).x);
    const float area_left = left + y_label_width + label_gap + style.tick_length;
    const float last_x_label_half = painter.text_size(x_labels.back(), style.tick_size).x / 2;
    float area_right = end.x - pad - std::max(0.0f, last_x_label_half - inset);

    const LegendLayout legend = layout_legend(plot, series_visible, painter, style, {area_left, top},
                                              {area_right, bottom}, left, end.x - pad, end.y - pad, size.x);
    float footer = 0; // under the x axis label: the legend, when it is below
    if (legend.shown && legend.below) {
        footer = legend.box_max.y - legend.box_min.y + 0.5f * pad;
        bottom -= footer;
    } else if (legend.shown) {
        area_right = std::min(area_right, legend.box_min.x - pad);
    }
    frame.legend_min = legend.box_min;
    frame.legend_max = legend.box_max;

    // A surface too small for the blocks still gets a (tiny) valid frame: no division by zero.
    frame.area_min = {area_left, top};
    frame.area_max = {std::max(area_right, area_left + 2 * inset + 1), std::max(bottom, top + 2 * inset + 1)};
    frame.data_min = {frame.area_min.x + inset, frame.area_min.y + inset};
    frame.data_max = {frame.area_max.x - inset, frame.area_max.y - inset};

    // --- data area: grid, annotation lines, series --------------------------------------------------
    painter.push_clip(frame.area_min, frame.area_max);
    for (double t : frame.x_ticks) {
        const float x = frame.to_screen(t, frame.y_min).x;
        painter.line({x, frame.area_min.y}, {x, frame.area_max.y}, style.grid, style.grid_width, false);
    }
    for (double t : frame.y_ticks) {
        const float y = frame.to_screen(frame.x_min, t).y;
        painter.line({frame.area_min.x, y}, {frame.area_max.x, y}, style.grid, style.grid_width, false);
    }
    for (const PlotAnnotation& a : plot.annotations) {
        if (!axis_accepts(plot.x.scale, a.x))
            continue;
        const float x = frame.to_screen(a.x, frame.y_min).x;
        painter.line({x, frame.area_min.y}, {x, frame.area_max.y}, a.colour, style.line_width * 0.8f, true);
    }
    for (std::size_t i = 0; i < plot.series.size(); ++i)
        if (series_shown(series_visible, i))
            draw_series(plot.series[i], plot, frame, painter, style);
    draw_annotation_texts(plot, frame, legend, painter, style);
    if (!frame.has_data) {
        const Vec2f centre{(frame.area_min.x + frame.area_max.x) / 2,
                           (frame.area_min.y + frame.area_max.y) / 2};
        painter.text(centre, "no data", style.label_size, style.secondary_text, TextAnchor::centre,
                     TextBaseline::middle);
    }
    painter.pop_clip();

    // --- frame, ticks, labels ------------------------------------------------------------------------
    painter.stroke_rect(frame.area_min, frame.area_max, style.frame, style.frame_width);
    std::vector<float> x_at, y_at;
    for (double t : frame.x_ticks)
        x_at.push_back(frame.to_screen(t, frame.y_min).x);
    for (double t : frame.y_ticks)
        y_at.push_back(frame.to_screen(frame.x_min, t).y);
    const std::vector<bool> x_shown =
        thin_tick_labels(painter, style, plot.x.scale, frame.x_ticks, x_labels, x_at, true);
    const std::vector<bool> y_shown =
        thin_tick_labels(painter, style, plot.y.scale, frame.y_ticks, y_labels, y_at, false);
    for (std::size_t i = 0; i < x_at.size(); ++i) {
        const float y = frame.area_max.y;
        painter.line({x_at[i], y}, {x_at[i], y + style.tick_length}, style.frame, style.frame_width, false);
        if (x_shown[i])
            painter.text({x_at[i], y + style.tick_length + label_gap}, x_labels[i], style.tick_size,
                         style.text, TextAnchor::centre, TextBaseline::top);
    }
    for (std::size_t i = 0; i < y_at.size(); ++i) {
        const float x = frame.area_min.x;
        painter.line({x - style.tick_length, y_at[i]}, {x, y_at[i]}, style.frame, style.frame_width, false);
        if (y_shown[i])
            painter.text({x - style.tick_length - label_gap, y_at[i]}, y_labels[i], style.tick_size,
                         style.text, TextAnchor::right, TextBaseline::middle);
    }
    if (!plot.x.label.empty())
        painter.text({(frame.area_min.x + frame.area_max.x) / 2, end.y - pad - footer},
                     fit_text(painter, plot.x.label, style.label_size, text_width), style.label_size,
                     style.text, TextAnchor::centre, TextBaseline::bottom);
    if (!plot.y.label.empty())
        painter.text({left, y_label_top}, fit_text(painter, plot.y.label, style.label_size, text_width),
                     style.label_size, style.text, TextAnchor::left, TextBaseline::top);

    draw_legend(plot, legend, painter, style);
    painter.pop_clip();
    return frame;
}

namespace {

// Measures texts through another painter and draws nothing: draw_plot() as a layout pass.
class MeasuringPainter final : public PlotPainter {
public:
    explicit MeasuringPainter(PlotPainter& measure) : measure_(measure) {}
    void fill_rect(Vec2f, Vec2f, Rgba) override {}
    void stroke_rect(Vec2f, Vec2f, Rgba, float) override {}
    void line(Vec2f, Vec2f, Rgba, float, bool) override {}
    void polyline(const std::vector<Vec2f>&, Rgba, float, bool) override {}
    void marker(Vec2f, float, MarkerShape, Rgba) override {}
    void text(Vec2f, std::string_view, float, Rgba, TextAnchor, TextBaseline) override {}
    Vec2f text_size(std::string_view text, float size) override { return measure_.text_size(text, size); }
    void push_clip(Vec2f, Vec2f) override {}
    void pop_clip() override {}

private:
    PlotPainter& measure_;
};

} // namespace

PlotFrame plot_frame(const Plot& plot, PlotPainter& painter, Vec2f origin, Vec2f size, const PlotStyle& style,
                     const std::vector<bool>& series_visible) {
    MeasuringPainter measuring(painter);
    return draw_plot(plot, measuring, origin, size, style, series_visible);
}

float plot_height_needed(const Plot& plot, PlotPainter& painter, float width, const PlotStyle& style,
                         float min_data_height, const std::vector<bool>& series_visible) {
    constexpr float kTall = 1e5f; // a legend right of the data then fits in one column
    const PlotFrame frame = plot_frame(plot, painter, {0, 0}, {width, kTall}, style, series_visible);
    const float header = frame.area_min.y, footer = kTall - frame.area_max.y;
    const bool legend_right = frame.legend_max.y > frame.legend_min.y && frame.legend_min.y < frame.area_max.y;
    const float legend_height = legend_right ? frame.legend_max.y - frame.area_min.y : 0;
    return header + std::max(min_data_height, legend_height) + footer;
}

std::optional<PlotHit> nearest_point(const Plot& plot, const PlotFrame& frame, Vec2f mouse,
                                     float max_distance, const std::vector<bool>& series_visible) {
    std::optional<PlotHit> best;
    float best_distance = max_distance;
    for (std::size_t i = 0; i < plot.series.size(); ++i) {
        if (!series_shown(series_visible, i))
            continue;
        const std::vector<PlotPoint>& points = plot.series[i].points;
        for (std::size_t j = 0; j < points.size(); ++j) {
            if (!axis_accepts(plot.x.scale, points[j].x) || !axis_accepts(plot.y.scale, points[j].y))
                continue;
            const Vec2f at = frame.to_screen(points[j].x, points[j].y);
            if (!frame.in_area(at))
                continue;
            const float distance = std::hypot(at.x - mouse.x, at.y - mouse.y);
            // Strictly nearer replaces: on a tie the earlier series keeps the hit.
            if (distance <= best_distance && (!best || distance < best_distance)) {
                best = PlotHit{int(i), int(j), at};
                best_distance = distance;
            }
        }
    }
    return best;
}

} // namespace prefixlab
