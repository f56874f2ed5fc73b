// A timed table as a slide (core/plot/table_figure.hpp): the rows its kind shows, each as a slide names
// it, with where and when they were timed, ours at our best and CUB emphasised, rules between ours, the
// libraries and the CPU, drawn by draw_table_figure() in the Benchmark tab and exported as PNG/SVG/PDF
// by the table commands' --image and the tab's buttons. Every row of the table stays in its CSV.
#pragma once

#include "core/bench/timed_table.hpp"
#include "core/plot/table_figure.hpp"

namespace prefixlab {

TableFigure timed_table_figure(const TimedTableKind& kind, const TimedTable& table);

} // namespace prefixlab
