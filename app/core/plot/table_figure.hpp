// A table as a figure: a title, a subtitle naming where the numbers came from, a header row, rows of
// cells (some emphasised, some under a rule that starts a group) and notes under it, drawn by
// draw_table_figure() onto any PlotPainter, so the Benchmark tab's table and its PNG/SVG/PDF export
// (plot_export.hpp) are one drawing. Harris's reduction table is its first user (issue 15).
#pragma once

#include "core/plot/plot_layout.hpp"
#include "core/plot/plot_painter.hpp"

#include <string>
#include <vector>

namespace prefixlab {

struct TableFigureColumn {
    std::string header;
    bool numeric = false; // numbers are right-aligned so their digits line up; text is left-aligned
};

struct TableFigureRow {
    std::vector<std::string> cells; // one a column; missing cells are empty
    bool emphasised = false;        // drawn bold-coloured on a tinted band (ours at our best, CUB)
    bool starts_group = false;      // a rule above it (Harris's kernels, then the others, then the CPU)
};

struct TableFigure {
    std::string title;
    std::string subtitle;
    std::vector<TableFigureColumn> columns;
    std::vector<TableFigureRow> rows;
    std::vector<std::string> notes; // a line each
};

// The size the figure takes at `style`'s text sizes, measured by `painter` (which need draw nothing).
Vec2f table_figure_size(const TableFigure& table, PlotPainter& painter, const PlotStyle& style);

// Draws the figure in the rectangle at `origin` of `size`, on the style's background: laid out at the
// style's sizes, then scaled uniformly to fit the rectangle (up or down) and centred in it, so a slide
// export fills the slide and a narrow panel still shows every column.
void draw_table_figure(const TableFigure& table, PlotPainter& painter, Vec2f origin, Vec2f size,
                       const PlotStyle& style);

} // namespace prefixlab
