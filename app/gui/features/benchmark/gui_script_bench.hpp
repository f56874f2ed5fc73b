// The benchmark side of scripted mode: the settings of a `bench` command (algos=LIST n=SIZES reps=R
// warmup=W seed=S block=B,B… block-n=SIZES), read and checked when the script is read and applied
// to the Benchmark tab's sweep when the command runs; and the plot kinds by name. Separate from
// gui_script.cpp so that each file reads as one thing.
#pragma once

#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/plot/plot_export.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

class BenchState;

// Only the settings given change the sweep; the others keep what earlier commands (or the GUI) set.
struct BenchSettings {
    std::optional<std::vector<std::string>> algorithms; // names from bench_algorithms()
    std::optional<std::vector<std::uint64_t>> sizes;
    std::optional<int> repetitions;
    std::optional<int> warmup;
    std::optional<std::uint64_t> seed;
    std::optional<std::vector<int>> block_sizes;
    std::optional<std::vector<std::uint64_t>> block_sweep_sizes;
};

// Throws ScriptValueError naming the setting and quoting its value. Values are read as `prefixlab
// bench` reads them (sizes by parse_bench_sizes, block sizes by parse_bench_block_sizes).
BenchSettings read_bench_settings(const std::vector<std::string>& settings);

void apply_bench_settings(const BenchSettings& settings, BenchSpec& spec);

// After `settings` were applied to `spec`: throws ScriptValueError when the sweep could not start
// (a block-n size that n does not give, block-n without block sizes).
void check_bench_spec(const BenchSpec& spec);

// "time", "throughput", "gelems", "speedup", "block-sweep", in the order of all_bench_plot_kinds().
std::vector<std::string> plot_kind_names();

// "all", "lecture", in the order of all_bench_series_presets().
std::vector<std::string> bench_series_preset_names();

// "int32-add", "int32-add-exclusive", …, in the order of all_bench_scans() (bench-scan NAME).
std::vector<std::string> bench_scan_names();

// What the Benchmark plot shows, for tests that check a choice rather than pixels:
// "bench-report: series=lecture plot=time shown=NAME|NAME|… (legend names of the visible series)".
std::string bench_report_line(BenchState& bench);

// The formats `export-plot` takes, and their names ("png", "svg", "pdf") in the same order.
const std::vector<PlotFileFormat>& export_formats();
std::vector<std::string> export_format_names();

} // namespace prefixlab
