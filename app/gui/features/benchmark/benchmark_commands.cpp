// The Benchmark feature's script commands (docs/gui-script.md): the sweep (`bench`, `wait-bench`,
// `cancel-bench`), what the plot shows (`plot`, `bench-series`, `bench-scan`, `bench-report`), results
// files (`open-results`, `export-results`), plot exports, and the timed tables (`bench-view`;
// `time-reduce-table`, `open-reduce-table`, `export-reduce-table`, and the same for `compact-table` and
// `sort-table`).
#include "core/plot/plot_export.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/features/benchmark/benchmark_feature.hpp"
#include "gui/features/benchmark/gui_script_bench.hpp"
#include "gui/script/script_command.hpp"
#include "gui/script/script_values.hpp"

#include <cstdio>

namespace prefixlab {

namespace {

constexpr const char* kExpectedSweep = "bench"; // the sweep as the script has set it (ScriptExpectations)

std::string joined_names(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names)
        text += (text.empty() ? "" : "|") + name;
    return text;
}

std::string plots_unavailable() { return plot_export_available() ? "" : plot_export_unavailable_reason(); }

std::vector<std::string> table_formats() {
    std::vector<std::string> names = export_format_names();
    names.emplace_back("csv");
    return names;
}

// Waits for a file opened in the background (a results file, or one of `tables`); fails with the
// status bar's line if it was refused.
void wait_for_read(ScriptRun& run, BenchState& bench, const TimedTableState* tables, const std::string& where) {
    run.wait_while([&run, &bench, tables, where](std::string& failure) {
        if (bench.reading_files())
            return true;
        if (tables == nullptr ? bench.last_open_failed() : tables->last_open_failed())
            failure = "script " + where + ": " + run.host().state.message();
        return false;
    });
}

// Waits for an export of plots or tables; fails if it failed (or there was nothing to export).
void wait_for_export(ScriptRun& run, BenchState& bench) {
    run.wait_while([&bench](std::string& failure) {
        if (bench.exporting())
            return true;
        if (bench.last_export_failed())
            failure = bench.last_export();
        return false;
    });
}

// `time-TAG N`, `open-TAG FILE.csv` and `export-TAG FOLDER FORMAT` for the tables `which` names
// (reduce-table, compact-table): one set of commands for every timed table.
void add_table_commands(ScriptTable& table, BenchState& bench, BenchShows which, const std::string& title) {
    TimedTableState& tables = bench.tables_of(which);
    const std::string tag = tables.source().file_tag, kind = tables.source().kind->name;
    table.add({.name = "time-" + tag,
               .usage = "time-" + tag + " N",
               .help = "time " + title + " at N (1024 to 2^30, 3 repetitions a row) here, show it and save it; "
                       "waits for it",
               .args = {whole_arg("N", 1024, std::uint64_t(1) << 30)},
               .run = [&bench, &tables, which](ScriptRun& run, const ScriptCommand& c) {
                   bench.shows = which;
                   tables.start(c.args[0].whole, 3); // few repetitions: a script checks the view
                   run.wait_while([&tables, &run](std::string& failure) {
                       if (tables.running())
                           return true;
                       if (run.host().state.message_is_error())
                           failure = run.host().state.message();
                       return false;
                   });
               }});
    table.add({.name = "open-" + tag,
               .usage = "open-" + tag + " FILE.csv",
               .help = "open a " + kind + " table (from `prefixlab " + tag +
                       " --csv`), read in the background; the script waits for it, and fails on a malformed one",
               .args = {path_arg("FILE.csv")},
               .run = [&bench, &tables, which](ScriptRun& run, const ScriptCommand& c) {
                   bench.shows = which;
                   tables.open(c.args[0].text);
                   wait_for_read(run, bench, &tables, c.where);
               }});
    table.add({.name = "export-" + tag,
               .usage = "export-" + tag + " FOLDER png|svg|pdf|csv",
               .help = "write the " + kind + " table on show as `FOLDER/" + tables.source().slide_stem +
                       "-nN" + (which == BenchShows::compact_table       ? "-P"
                                : which == BenchShows::sort_table      ? "-B"
                                : which == BenchShows::histogram_table ? "-BINS"
                                : which == BenchShows::segmented_table ? "-LENGTH"
                                                                       : "") +
                       ".*` (a 1600 × 900 slide, or its CSV)",
               .args = {path_arg("FOLDER"), name_arg("FORMAT", table_formats())},
               .run = [&bench, &tables](ScriptRun& run, const ScriptCommand& c) {
                   const std::size_t format = *c.args[1].choice;
                   const std::optional<PlotFileFormat> as =
                       format < export_formats().size() ? std::optional(export_formats()[format]) : std::nullopt;
                   bench.export_folder = c.args[0].text;
                   bench.export_table(tables, as);
                   wait_for_export(run, bench); // a failure, or no table, fails the script there
               }});
}

} // namespace

void BenchmarkFeature::add_commands(ScriptTable& table) {
    table.add({.name = "bench",
               .usage = "bench [algos=LIST] [n=SIZES] [reps=R] [warmup=W] [seed=S] [block=B,...] [block-n=SIZES]",
               .help = "set the Benchmark tab's sweep (the same values and ranges as `prefixlab bench`: `algos=cpu`, "
                       "`n=2^10..2^20`, `reps` 1–1000, `warmup` 0–100, `block` powers of two 32–1024) and start it in "
                       "the background; the script goes on at once",
               .read_settings = [](const std::vector<std::string>& words) -> std::any {
                   return read_bench_settings(words);
               },
               .check = [](const ScriptCommand& c, ScriptExpectations& expected) {
                   // The sweep's settings add up with earlier ones: block-n sizes among n's, and with block.
                   std::optional<BenchSpec>& spec =
                       expected.value<std::optional<BenchSpec>>(kExpectedSweep, default_gui_bench_spec());
                   if (spec) {
                       apply_bench_settings(std::any_cast<const BenchSettings&>(c.settings), *spec);
                       check_bench_spec(*spec);
                   }
               },
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   apply_bench_settings(std::any_cast<const BenchSettings&>(c.settings), bench_.spec);
                   bench_.start();
                   if (!bench_.running())
                       run.fail("script " + c.where + ": " + run.host().state.message());
               }});
    table.add({.name = "wait-bench",
               .usage = "wait-bench [FRACTION]",
               .help = "wait until the benchmark has finished, or with FRACTION (0–1) until its progress reaches it. "
                       "Fails if it failed, and when it measured nothing: no `bench` was started (`script FILE:LINE: "
                       "wait-bench: no benchmark was started (the bench command starts one)`), or the sweep ended "
                       "without a point (every point skipped, e.g. `algos=gpu` without a GPU, or cancelled before the "
                       "first: `wait-bench: nothing was measured (REASON)`)",
               .args = {optional_arg(number_arg("FRACTION", 0, 1))},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   const double fraction = c.args.empty() ? 2.0 : c.args[0].number; // above 1: the end
                   run.wait_while([this, &run, fraction, where = c.where](std::string& failure) {
                       if (bench_.running() && bench_.live().progress.fraction < fraction)
                           return true;
                       if (bench_.running())
                           return false; // the fraction was reached
                       if (run.host().state.message_is_error())
                           failure = run.host().state.message(); // the sweep failed, or its results were not saved
                       else if (!bench_.sweep_started())
                           failure = "script " + where +
                                     ": wait-bench: no benchmark was started (the bench command starts one)";
                       else if (!bench_.nothing_measured().empty()) // a script waits for numbers: none is a failure
                           failure = "script " + where + ": wait-bench: nothing was measured (" +
                                     bench_.nothing_measured() + ")";
                       return false;
                   });
               }});
    table.add({.name = "cancel-bench",
               .usage = "cancel-bench",
               .help = "cancel the benchmark; its finished points are kept and saved",
               .run = [this](ScriptRun&, const ScriptCommand&) { bench_.cancel(); }});
    table.add({.name = "plot",
               .usage = "plot " + joined_names(plot_kind_names()),
               .help = "the plot on show",
               .args = {name_arg("KIND", plot_kind_names())},
               .run = [this](ScriptRun&, const ScriptCommand& c) {
                   bench_.plot_options.kind = all_bench_plot_kinds()[*c.args[0].choice];
               }});
    table.add({.name = "bench-series",
               .usage = "bench-series lecture|all",
               .help = "the series the plot (and its exports) show: `lecture` is one of each kind a lecture needs — "
                       "copy, CUB, the fastest of PrefixLab's own scans (lowest time at the largest N all were "
                       "measured at, found in the data), one textbook scan (scan-then-propagate Blelloch, else "
                       "Hillis–Steele), the serial CPU baseline and the parallel one; `all` is every series",
               .args = {name_arg("PRESET", bench_series_preset_names())},
               .run = [this](ScriptRun&, const ScriptCommand& c) {
                   bench_.plot_options.series = all_bench_series_presets()[*c.args[0].choice];
                   bench_.plot_options.chosen.clear();
               }});
    table.add({.name = "bench-scan",
               .usage = "bench-scan NAME",
               .help = "the scan the Benchmark plot (and its exports) show, where the results hold several "
                       "(`prefixlab bench --scans`): `uint32-add`, `float-max-exclusive`, … (TYPE-OP or "
                       "TYPE-OP-exclusive, TYPE `int32`, `uint32` or `float`, OP `add`, `max` or `min`); the scan "
                       "combo shows the same choice. A scan the results do not hold falls back to their first",
               .args = {name_arg("NAME", bench_scan_names())},
               .run = [this](ScriptRun&, const ScriptCommand& c) {
                   bench_.plot_options.scan = all_bench_scans()[*c.args[0].choice];
               }});
    table.add({.name = "bench-report",
               .usage = "bench-report",
               .help = "print one line of what the Benchmark plot shows: `bench-report: series=lecture plot=time "
                       "scan=uint32-add shown=copy|cub|…`, the scan plotted and the legend names of its visible series",
               .run = [this](ScriptRun&, const ScriptCommand&) {
                   printf_to_terminal(stdout, "%s\n", bench_report_line(bench_).c_str());
                   std::fflush(stdout);
               }});
    table.add({.name = "export-plots",
               .usage = "export-plots FOLDER",
               .help = "export every plot with data as PNG, SVG and PDF; the script waits (fails if it failed)",
               .args = {path_arg("FOLDER")},
               .unavailable = plots_unavailable,
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   bench_.export_folder = c.args[0].text;
                   bench_.export_all_plots();
                   wait_for_export(run, bench_);
               }});
    table.add({.name = "export-plot",
               .usage = "export-plot FOLDER png|svg|pdf",
               .help = "export the plot on show in one format",
               .args = {path_arg("FOLDER"), name_arg("FORMAT", export_format_names())},
               .unavailable = plots_unavailable,
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   bench_.export_folder = c.args[0].text;
                   bench_.export_current({export_formats()[*c.args[1].choice]});
                   wait_for_export(run, bench_);
               }});
    table.add({.name = "export-results",
               .usage = "export-results FOLDER",
               .help = "write bench.json and bench.csv of the primary result set",
               .args = {path_arg("FOLDER")},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   bench_.export_folder = c.args[0].text;
                   bench_.export_results();
                   wait_for_export(run, bench_);
               }});
    table.add({.name = "open-results",
               .usage = "open-results FILE",
               .help = "open a results file (bench.json), read in the background; the script waits for it, and fails "
                       "on a malformed one",
               .args = {path_arg("FILE")},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   bench_.open_results(c.args[0].text);
                   wait_for_read(run, bench_, nullptr, c.where);
               }});
    table.add({.name = "bench-view",
               .usage = "bench-view sweep|reduce-table|compact-table|sort-table|histogram-table|segmented-table",
               .help = "the Benchmark tab's view: the scans' sweep, Harris's reduction table, the compaction table, "
                       "the sort table, the histogram table or the segmented table",
               .args = {name_arg("VIEW", {std::begin(kSceneBenchViews), std::end(kSceneBenchViews)})},
               .run = [this](ScriptRun&, const ScriptCommand& c) {
                   bench_.shows = static_cast<BenchShows>(*c.args[0].choice);
               }});
    add_table_commands(table, bench_, BenchShows::reduce_table, "Harris's table");
    add_table_commands(table, bench_, BenchShows::compact_table, "the compaction table (half the elements kept)");
    add_table_commands(table, bench_, BenchShows::sort_table, "the sort table (random keys)");
    add_table_commands(table, bench_, BenchShows::histogram_table, "the histogram table (256 bins, uniform keys)");
    add_table_commands(table, bench_, BenchShows::segmented_table, "the segmented table (segments of mean length 1000)");
}

} // namespace prefixlab
