// Table figures: measured at the style's sizes, then laid out again at the sizes that fit the
// rectangle. Text widths scale with the font size, so one rescale fits; a second pass catches the
// rounding of hinted glyph widths (Cairo's PNG painter measures whole pixels).
#include "core/plot/table_figure.hpp"

#include <algorithm>
#include <cmath>

namespace prefixlab {

namespace {

PlotStyle scaled(PlotStyle style, float factor) {
    for (float* size : {&style.title_size, &style.subtitle_size, &style.label_size, &style.tick_size,
                        &style.legend_size, &style.line_width, &style.frame_width, &style.grid_width,
                        &style.marker_radius, &style.tick_length, &style.padding})
        *size *= factor;
    return style;
}

struct TableLayout {
    std::vector<float> column_widths;
    float gap = 0;        // between columns
    float row_height = 0; // header and body rows
    float width = 0, height = 0;
};

float line_height(float text_size) { return std::ceil(text_size * 1.35f); }

TableLayout measure(const TableFigure& table, PlotPainter& painter, const PlotStyle& style) {
    TableLayout layout;
    const float text = style.label_size;
    layout.gap = text * 1.4f;
    layout.row_height = std::ceil(text * 1.75f);
    layout.column_widths.assign(table.columns.size(), 0.0f);
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        layout.column_widths[c] = painter.text_size(table.columns[c].header, text).x;
    for (const TableFigureRow& row : table.rows)
        for (std::size_t c = 0; c < std::min(row.cells.size(), table.columns.size()); ++c)
            layout.column_widths[c] = std::max(layout.column_widths[c], painter.text_size(row.cells[c], text).x);
    float body = 0;
    for (float w : layout.column_widths)
        body += w;
    if (!layout.column_widths.empty())
        body += layout.gap * float(layout.column_widths.size() - 1);
    float width = body;
    if (!table.title.empty())
        width = std::max(width, painter.text_size(table.title, style.title_size).x);
    if (!table.subtitle.empty())
        width = std::max(width, painter.text_size(table.subtitle, style.subtitle_size).x);
    for (const std::string& note : table.notes)
        width = std::max(width, painter.text_size(note, style.subtitle_size).x);
    layout.width = std::ceil(width + 2 * style.padding);

    float height = 2 * style.padding;
    if (!table.title.empty())
        height += line_height(style.title_size);
    if (!table.subtitle.empty())
        height += line_height(style.subtitle_size);
    height += style.padding / 2 + layout.row_height * float(1 + table.rows.size());
    if (!table.notes.empty())
        height += style.padding / 2 + line_height(style.subtitle_size) * float(table.notes.size());
    layout.height = std::ceil(height);
    return layout;
}

// The largest style, from `style` scaled, whose layout fits `size`.
PlotStyle fitted_style(const TableFigure& table, PlotPainter& painter, Vec2f size, const PlotStyle& style) {
    PlotStyle fitted = style;
    for (int pass = 0; pass < 3; ++pass) {
        const TableLayout layout = measure(table, painter, fitted);
        const float factor = std::min(size.x / layout.width, size.y / layout.height);
        if (factor >= 0.999f && (pass > 0 || factor <= 1.001f))
            break;
        fitted = scaled(fitted, pass == 0 ? factor : factor * 0.99f);
    }
    return fitted;
}

} // namespace

Vec2f table_figure_size(const TableFigure& table, PlotPainter& painter, const PlotStyle& style) {
    const TableLayout layout = measure(table, painter, style);
    return {layout.width, layout.height};
}

void draw_table_figure(const TableFigure& table, PlotPainter& painter, Vec2f origin, Vec2f size,
                       const PlotStyle& style) {
    painter.fill_rect(origin, {origin.x + size.x, origin.y + size.y}, style.background);
    if (size.x < 1 || size.y < 1)
        return;
    const PlotStyle s = fitted_style(table, painter, size, style);
    const TableLayout layout = measure(table, painter, s);
    const float left = std::round(origin.x + std::max(0.0f, (size.x - layout.width) / 2)) + s.padding;
    const float right = left + layout.width - 2 * s.padding;
    float y = std::round(origin.y + std::max(0.0f, (size.y - layout.height) / 2)) + s.padding;
    painter.push_clip(origin, {origin.x + size.x, origin.y + size.y});

    if (!table.title.empty()) {
        painter.text({left, y}, table.title, s.title_size, s.text, TextAnchor::left, TextBaseline::top);
        y += line_height(s.title_size);
    }
    if (!table.subtitle.empty()) {
        painter.text({left, y}, table.subtitle, s.subtitle_size, s.secondary_text, TextAnchor::left, TextBaseline::top);
        y += line_height(s.subtitle_size);
    }
    y += s.padding / 2;

    // One row of cells, each column's text aligned in it, vertically centred in the row.
    const auto draw_cells = [&](const std::vector<std::string>& cells, Rgba colour) {
        float x = left;
        for (std::size_t c = 0; c < table.columns.size(); ++c) {
            const float w = layout.column_widths[c];
            if (c < cells.size() && !cells[c].empty()) {
                const bool numeric = table.columns[c].numeric;
                painter.text({numeric ? x + w : x, y + layout.row_height / 2}, cells[c], s.label_size, colour,
                             numeric ? TextAnchor::right : TextAnchor::left, TextBaseline::middle);
            }
            x += w + layout.gap;
        }
    };
    std::vector<std::string> headers;
    for (const TableFigureColumn& column : table.columns)
        headers.push_back(column.header);
    draw_cells(headers, s.secondary_text);
    y += layout.row_height;
    painter.line({left, y}, {right, y}, s.frame, s.frame_width, false);

    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const TableFigureRow& row = table.rows[r];
        if (row.emphasised)
            painter.fill_rect({left - s.padding / 2, y}, {right + s.padding / 2, y + layout.row_height}, s.grid);
        if (row.starts_group && r > 0)
            painter.line({left, y}, {right, y}, s.legend_border, s.grid_width, false);
        draw_cells(row.cells, s.text);
        y += layout.row_height;
    }
    painter.line({left, y}, {right, y}, s.frame, s.frame_width, false);
    y += s.padding / 2;
    for (const std::string& note : table.notes) {
        painter.text({left, y}, note, s.subtitle_size, s.secondary_text, TextAnchor::left, TextBaseline::top);
        y += line_height(s.subtitle_size);
    }
    painter.pop_clip();
}

} // namespace prefixlab
