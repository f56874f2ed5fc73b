// Fuzz target: a reduction table CSV as `prefixlab reduce-table --from` and the Benchmark tab open it
// (parse_reduce_table_csv), then everything made from an opened table: the text table, the figure
// laid out and painted at a slide's size and a narrow panel's (a painter that draws nothing), and the
// CSV written back, which must read back.
//
// Expected: the reader's one-line ReduceTableCsvError. Anything else is a finding (a written table
// that does not read back is reported by an uncaught exception).
#include "core/bench/reduce_table.hpp"
#include "core/plot/table_figure.hpp"
#include "fuzz/null_painter.hpp"

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

using namespace prefixlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<ReduceTable> tables;
    try {
        tables = parse_reduce_table_csv(std::string(reinterpret_cast<const char*>(data), size));
    } catch (const ReduceTableCsvError&) {
        return 0;
    }
    NullPainter painter;
    for (const ReduceTable& table : tables) {
        reduce_table_text(table);
        const TableFigure figure = reduce_table_figure(table);
        draw_table_figure(figure, painter, {0, 0}, {1600, 900}, PlotStyle::light(2));
        draw_table_figure(figure, painter, {0, 0}, {120, 40}, PlotStyle::dark(1));
        table_figure_size(figure, painter, PlotStyle::light(1));
    }
    std::ostringstream written;
    write_reduce_table_csv(written, tables);
    const std::vector<ReduceTable> again = parse_reduce_table_csv(written.str()); // throws if it does not
    if (again.size() != tables.size())
        __builtin_trap();
    return 0;
}
