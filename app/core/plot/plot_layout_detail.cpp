// Legend, annotation texts, tick-label thinning and text fitting for draw_plot() (rules in the header).
#include "core/plot/plot_layout_detail.hpp"

#include <algorithm>
#include <cmath>

namespace prefixlab {

namespace {

struct Box {
    Vec2f min, max;
    bool overlaps(const Box& o) const {
        return min.x < o.max.x && o.min.x < max.x && min.y < o.max.y && o.min.y < max.y;
    }
};

// A whole number per tick, consecutive along the axis, divisible by any k at the round ticks.
std::vector<long> tick_ranks(AxisScale scale, const std::vector<double>& ticks) {
    std::vector<long> ranks;
    if (ticks.size() < 2)
        return std::vector<long>(ticks.size(), 0);
    if (scale == AxisScale::log10 && ticks[1] / ticks[0] < 9.5) {
        // 1-2-5 ticks: three a decade, the decade's 1 first.
        for (double t : ticks) {
            const double decade = std::floor(std::log10(t) + 1e-9);
            const double mantissa = t / std::pow(10.0, decade);
            ranks.push_back(3 * long(decade) + (mantissa < 1.5 ? 0 : mantissa < 3.5 ? 1 : 2));
        }
        return ranks;
    }
    // Evenly spaced in the axis coordinate: linear steps, powers of two, decades.
    const double step = axis_coordinate(scale, ticks[1]) - axis_coordinate(scale, ticks[0]);
    for (double t : ticks)
        ranks.push_back(std::lround(axis_coordinate(scale, t) / step));
    return ranks;
}

// 1, 2, 5, 10, 20, 50, ...
long next_label_stride(long k) {
    long decade = 1;
    while (k >= decade * 10)
        decade *= 10;
    return k / decade == 2 ? 5 * decade : 2 * k;
}

void draw_swatch(const PlotSeries& series, Vec2f from, float width, PlotPainter& painter,
                 const PlotStyle& style) {
    const Vec2f centre{from.x + width / 2, from.y};
    painter.line(from, {from.x + width, from.y}, series.colour, style.line_width, series.dashed);
    painter.marker(centre, style.marker_radius + style.line_width * 0.6f, series.marker, style.background);
    painter.marker(centre, style.marker_radius, series.marker, series.colour);
}

} // namespace

std::string fit_text(PlotPainter& painter, const std::string& text, float size, float max_width) {
    if (painter.text_size(text, size).x <= max_width)
        return text;
    std::string prefix = text;
    while (!prefix.empty()) {
        // Drop one whole UTF-8 character: its continuation bytes (10xxxxxx), then its lead byte.
        while (!prefix.empty() && (static_cast<unsigned char>(prefix.back()) & 0xC0) == 0x80)
            prefix.pop_back();
        if (!prefix.empty())
            prefix.pop_back();
        const std::string candidate = prefix + "…";
        if (painter.text_size(candidate, size).x <= max_width)
            return candidate;
    }
    return "…";
}

LegendLayout layout_legend(const Plot& plot, const std::vector<bool>& series_visible, PlotPainter& painter,
                           const PlotStyle& style, Vec2f area_min, Vec2f area_max, float left, float right,
                           float bottom, float surface_width) {
    LegendLayout legend;
    for (std::size_t i = 0; i < plot.series.size(); ++i)
        if (series_shown(series_visible, i))
            legend.entries.push_back(i);
    if (legend.entries.empty())
        return legend;
    legend.shown = true;
    const float size = style.legend_size;
    legend.row_height = 1.5f * size;
    legend.swatch_width = 2.4f * size;
    legend.padding = 0.6f * size;
    const float name_gap = 0.5f * size;
    const float column_gap = size;

    float natural = 0;
    for (std::size_t i : legend.entries)
        natural = std::max(natural, painter.text_size(plot.series[i].name, size).x);
    const int count = int(legend.entries.size());
    // The name width a legend of `budget` width and `columns` columns leaves each column.
    const auto name_width = [&](float budget, int columns) {
        return (budget - 2 * legend.padding - float(columns - 1) * column_gap) / float(columns) -
               legend.swatch_width - name_gap;
    };
    const int rows_fit = std::max(1, int((area_max.y - area_min.y - 2 * legend.padding) / legend.row_height));
    int columns = (count + rows_fit - 1) / rows_fit;
    float text_width = std::min(natural, name_width(0.35f * surface_width, columns));
    legend.below = text_width < natural; // names are never cut where a place for them whole exists
    if (legend.below) {
        // As many columns of whole names as the width takes; one at least.
        const float column = legend.swatch_width + name_gap + natural;
        const float budget = right - left;
        columns = std::clamp(int((budget - 2 * legend.padding + column_gap) / (column + column_gap)), 1, count);
        text_width = std::max(size, std::min(natural, name_width(budget, columns)));
    }
    legend.rows = (count + columns - 1) / columns;
    legend.column_width = legend.swatch_width + name_gap + text_width;
    const Vec2f box_size{2 * legend.padding + float(columns) * legend.column_width +
                             float(columns - 1) * column_gap,
                         2 * legend.padding + float(legend.rows) * legend.row_height};
    // Right: level with the data area's top, against the right edge. Below: from the left edge, down
    // to the bottom.
    legend.box_min = legend.below ? Vec2f{left, bottom - box_size.y} : Vec2f{right - box_size.x, area_min.y};
    legend.box_max = {legend.box_min.x + box_size.x, legend.box_min.y + box_size.y};
    for (std::size_t i : legend.entries)
        legend.names.push_back(fit_text(painter, plot.series[i].name, size, text_width));
    return legend;
}

std::vector<std::string> wrap_text(PlotPainter& painter, const std::string& text, float size, float max_width) {
    std::vector<std::string> lines;
    std::string line;
    const auto fits = [&](const std::string& candidate) { return painter.text_size(candidate, size).x <= max_width; };
    // Pieces: " · "-separated parts; a part too wide for a line alone splits at its spaces.
    std::vector<std::pair<std::string, std::string>> pieces; // (separator before it, piece)
    std::size_t start = 0;
    const std::string dot = " · ";
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(dot, start), text.size());
        const std::string part = text.substr(start, end - start);
        const std::string separator = start == 0 ? "" : dot;
        if (fits(part)) {
            pieces.emplace_back(separator, part);
        } else {
            std::size_t word_start = 0;
            bool first = true;
            while (word_start <= part.size()) {
                const std::size_t word_end = std::min(part.find(' ', word_start), part.size());
                pieces.emplace_back(first ? separator : " ", part.substr(word_start, word_end - word_start));
                first = false;
                word_start = word_end + 1;
            }
        }
        start = end + dot.size();
    }
    for (const auto& [separator, piece] : pieces) {
        if (!line.empty() && fits(line + separator + piece)) {
            line += separator + piece;
            continue;
        }
        if (!line.empty())
            lines.push_back(line);
        line = fit_text(painter, piece, size, max_width);
    }
    if (!line.empty())
        lines.push_back(line);
    return lines;
}

void draw_legend(const Plot& plot, const LegendLayout& legend, PlotPainter& painter, const PlotStyle& style) {
    if (!legend.shown)
        return;
    // Inside the data area the legend needs a background to hide the grid; outside it reads cleaner bare.
    if (!legend.outside) {
        painter.fill_rect(legend.box_min, legend.box_max, style.legend_background);
        painter.stroke_rect(legend.box_min, legend.box_max, style.legend_border, style.frame_width);
    }
    const float size = style.legend_size;
    for (std::size_t k = 0; k < legend.entries.size(); ++k) {
        const int column = int(k) / legend.rows;
        const int row = int(k) % legend.rows;
        const float x = legend.box_min.x + legend.padding + float(column) * (legend.column_width + size);
        const float y = legend.box_min.y + legend.padding + (float(row) + 0.5f) * legend.row_height;
        draw_swatch(plot.series[legend.entries[k]], {x, y}, legend.swatch_width, painter, style);
        painter.text({x + legend.swatch_width + 0.5f * size, y}, legend.names[k], size, style.text,
                     TextAnchor::left, TextBaseline::middle);
    }
}

void draw_annotation_texts(const Plot& plot, const PlotFrame& frame, const LegendLayout& legend,
                           PlotPainter& painter, const PlotStyle& style) {
    const float size = style.legend_size;
    const float gap = 0.4f * size;     // between the line and its text
    const float margin = 0.25f * size; // the text's background beyond the text
    std::vector<Box> taken;
    if (legend.shown && !legend.outside)
        taken.push_back({legend.box_min, legend.box_max});
    for (const PlotAnnotation& a : plot.annotations) {
        if (a.text.empty() || !axis_accepts(plot.x.scale, a.x))
            continue;
        const float line_x = frame.to_screen(a.x, frame.y_min).x;
        if (line_x < frame.area_min.x || line_x > frame.area_max.x)
            continue;
        // As wide as the area allows, right of the line where it fits, else left of it, else against the
        // area's left edge (the text then crosses its line, on its own background).
        const std::string text = fit_text(painter, a.text, size, frame.area_max.x - frame.area_min.x - 2 * (gap + margin));
        const Vec2f extent = painter.text_size(text, size);
        const bool right_of_line = line_x + gap + extent.x + margin <= frame.area_max.x;
        const float text_x = right_of_line ? line_x + gap
                                           : std::max(frame.area_min.x + gap + margin, line_x - gap - extent.x);
        Box box{{text_x - margin, frame.area_min.y + 0.5f * size - margin}, {}};
        box.max = {box.min.x + extent.x + 2 * margin, box.min.y + extent.y + 2 * margin};
        while (std::any_of(taken.begin(), taken.end(), [&](const Box& t) { return t.overlaps(box); }) &&
               box.max.y + 1.5f * size < frame.area_max.y) {
            box.min.y += 1.5f * size;
            box.max.y += 1.5f * size;
        }
        taken.push_back(box);
        Rgba background = style.background;
        background.a = 0.85f;
        painter.fill_rect(box.min, box.max, background);
        painter.text({text_x, box.min.y + margin}, text, size, a.colour, TextAnchor::left, TextBaseline::top);
    }
}

std::vector<bool> thin_tick_labels(PlotPainter& painter, const PlotStyle& style, AxisScale scale,
                                   const std::vector<double>& ticks, const std::vector<std::string>& labels,
                                   const std::vector<float>& at, bool horizontal) {
    const std::size_t n = ticks.size();
    std::vector<float> half(n);
    for (std::size_t i = 0; i < n; ++i)
        half[i] = horizontal ? painter.text_size(labels[i], style.tick_size).x / 2 : style.tick_size / 2;
    // Horizontal labels need a word space between them; stacked ones only a little leading.
    const float gap = horizontal ? 0.8f * style.tick_size : 0.3f * style.tick_size;
    const std::vector<long> ranks = tick_ranks(scale, ticks);
    // Strides 1, 2, 5, 10, 20, 50, ...: every 2nd or 5th power or step reads as a pattern, every 3rd not.
    for (long k = 1; k <= long(n); k = next_label_stride(k)) {
        std::vector<bool> shown(n);
        long previous = -1;
        bool collides = false;
        for (std::size_t i = 0; i < n && !collides; ++i) {
            if (((ranks[i] % k) + k) % k != 0)
                continue;
            shown[i] = true;
            if (previous >= 0)
                collides =
                    std::abs(at[i] - at[std::size_t(previous)]) < half[i] + half[std::size_t(previous)] + gap;
            previous = long(i);
        }
        if (!collides)
            return shown;
    }
    std::vector<bool> first_only(n);
    if (n > 0)
        first_only[0] = true;
    return first_only;
}

} // namespace prefixlab
