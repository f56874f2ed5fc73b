// The tuning sweep behind PrefixLab's tuned scan (`prefixlab tune`, issue 14): tuned-look-back timed
// for uint32 + at each elements per thread × threads per block, beside the copy and CUB at the same N.
// The sweep itself is an ordinary benchmark run (run_bench: median of the repetitions, warm-up, L2
// flushed, every point verified); here are its settings, and the table, the choice and the plot made
// from its results — all of which take any BenchRun, so they are tested with synthetic ones.
#pragma once

#include "core/bench/bench_export.hpp"
#include "core/bench/bench_results.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/plot/plot.hpp"
#include "core/plot/plot_export.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

// The algorithm the sweep tunes, and the references it is measured against.
inline constexpr const char* kTunedAlgorithm = "tuned-look-back";

struct TuneSettings {
    std::vector<int> items;                              // elements per thread; empty: tuning_item_choices()
    std::vector<int> block_sizes = {64, 128, 256, 512};  // threads per block
    std::vector<std::uint64_t> sizes = {std::uint64_t(1) << 28};
    int repetitions = 20;
    int warmup = 3;
    std::uint64_t seed = 1;
    std::string label;
    std::string command;
};

// The elements per thread the tuned scans are built for (tuned_scan_item_choices(), for the layers
// above core that may not see kernels/).
const std::vector<int>& tuning_item_choices();

// The benchmark that is the sweep: copy, cub and tuned-look-back for uint32 + inclusive at every size,
// the tuned scan at each items × block size. Throws BenchSpecError as validate_bench_spec does.
BenchSpec tuning_bench_spec(const TuneSettings& settings);

// One tile the sweep timed at one N.
struct TuneCell {
    int threads = 0;
    int items = 0; // elements per thread (elements_per_thread(): the tuned tile's 24, not 0)
    double median_ms = 0;
    std::optional<double> copy_fraction; // copy_speed_fraction()
};

// The sizes at which the run holds tuned-look-back points of uint32 + inclusive, ascending.
std::vector<std::uint64_t> tuning_sizes(const BenchRun& run);
// Its tiles at n, by threads then elements per thread.
std::vector<TuneCell> tuning_cells(const BenchRun& run, std::uint64_t n);
// The tile with the lowest median at n; nullopt where the run timed none there.
std::optional<TuneCell> fastest_tuning(const BenchRun& run, std::uint64_t n);
// CUB's fraction of copy speed at n (the reference a tile must beat); nullopt where either is missing.
std::optional<double> cub_copy_fraction(const BenchRun& run, std::uint64_t n);

// The table at n: a row per threads per block, a column per elements per thread, each cell the median
// and the fraction of copy speed ("0.412 ms  87%"; "—" where the tile was not timed), under a line
// naming N; then the fastest tile and CUB's fraction.
std::string tuning_table_text(const BenchRun& run, std::uint64_t n);
// "fastest at N = 2^28: 128 threads × 24 elements a thread, 0.412 ms, 87% of copy speed (CUB 81%)"
std::string fastest_tuning_text(const BenchRun& run, std::uint64_t n);

// The plot that explains the choice: fraction of copy speed (%) against elements per thread, one
// series per threads per block, CUB's fraction a dashed reference line, the fastest tile annotated.
Plot build_tuning_plot(const BenchRun& run, std::uint64_t n);
// What `prefixlab tune --out` writes: bench.json and bench.csv of the run, and one tuning plot per N
// it timed in each of `formats` (no N plots: at one N each would be a column of single points),
// replacing an older run's files there.
BenchExportRequest tuning_export_request(const BenchRun& run, const std::vector<PlotFileFormat>& formats);
// The tuning plot's file name without its extension: "tune"; with several sizes one file each,
// "tune-268435456" (N in digits: no '^' for a shell to trip on).
std::string tuning_plot_stem(std::uint64_t n, bool several_sizes);

} // namespace prefixlab
