// Fuzz target: a benchmark results file as the GUI and `prefixlab` open it (bench_run_from_json), then
// everything drawn or written from an opened run: the CSV, the table, the JSON written back (as an
// export re-reads it), and every plot kind, with and without transfers, for the run alone and beside
// itself (legend tags, the crossover across runs), laid out and painted on a painter that draws
// nothing, with a hover lookup in the middle of the data area.
//
// Expected: the reader's one-line BenchFileError. Anything else is a finding.
#include "core/bench/bench_csv.hpp"
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_table.hpp"
#include "core/plot/plot_layout.hpp"
#include "fuzz/null_painter.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace prefixlab;

namespace {

void draw_every_plot(const std::vector<const BenchRun*>& runs) {
    NullPainter painter;
    for (BenchPlotKind kind : all_bench_plot_kinds())
        for (bool with_transfers : {false, true}) {
            BenchPlotOptions options;
            options.kind = kind;
            options.with_transfers = with_transfers;
            const Plot plot = build_bench_plot(runs, options);
            const PlotStyle style = with_transfers ? PlotStyle::dark(2) : PlotStyle::light(1);
            const PlotFrame frame = draw_plot(plot, painter, {0, 0}, {800, 450}, style);
            const Vec2f middle{(frame.area_min.x + frame.area_max.x) / 2,
                               (frame.area_min.y + frame.area_max.y) / 2};
            nearest_point(plot, frame, middle, 1000);
        }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    BenchRun run;
    try {
        run = bench_run_from_json(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz input");
    } catch (const BenchFileError&) {
        return 0;
    }
    bench_csv_text(run);
    bench_table_text(run, false);
    bench_table_text(run, true);
    try {
        bench_run_from_json(bench_run_to_json(run), "written back"); // what write_bench_json checks
    } catch (const BenchFileError&) {
    }
    plot_kinds_with_data(run);
    default_sweep_n(run);
    draw_every_plot({&run});
    draw_every_plot({&run, &run});
    return 0;
}
