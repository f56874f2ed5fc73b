// Harris's table as a slide: the rows a lecture shows (the read-only pass, his seven kernels, the
// shuffle reductions at his block size, ours at our best, CUB, Thrust, the CPU), with where and when
// they were timed, drawn by draw_table_figure() in the Benchmark tab and exported as PNG/SVG/PDF by
// `prefixlab reduce-table --image` and the tab's buttons. Every row of the CSV stays in the CSV.
#pragma once

#include "core/bench/reduce_table.hpp"
#include "core/plot/table_figure.hpp"

namespace prefixlab {

// Which rows of `table` the figure shows, in table order.
std::vector<std::size_t> reduce_table_figure_rows(const ReduceTable& table);

TableFigure reduce_table_figure(const ReduceTable& table);

} // namespace prefixlab
