// Benchmark results as plots: time, throughput, speedup and the fraction of the copy's speed against
// N, and time against block size.
// The GUI's benchmark panel, `prefixlab bench` and the exports all build their plots here, so what a
// lecturer sees on screen is what goes on the slide. Drawn by draw_plot() (app/core/plot/).
#pragma once

#include "core/bench/bench_results.hpp"
#include "core/bench/bench_series_preset.hpp"
#include "core/plot/plot.hpp"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

// copy_fraction: each GPU series' copy_speed_fraction() in % against N, the copy a dashed reference
// line at 100% (kernel times only: "incl. transfers" does not apply).
enum class BenchPlotKind { time, throughput_gbps, throughput_gelems, speedup, copy_fraction, block_sweep };

struct BenchPlotOptions {
    BenchPlotKind kind = BenchPlotKind::time;
    bool with_transfers = false; // GPU series include host↔device copies (time, throughput, speedup)
    bool error_bars = true;      // mean ± standard deviation around each median
    std::string speedup_baseline = "cpu-std"; // speedup = baseline's median / series' median
    std::uint64_t sweep_n = 0;   // block sweep at this N; 0: the largest N swept at several block sizes
    BenchSeriesPreset series = BenchSeriesPreset::all; // which algorithms are plotted (bench_series_preset.hpp)
    // A lesson scene's own series (bench.series "cpu-std,cub,tuned-look-back", docs/scene.md): where not
    // empty, these algorithms are plotted instead of the preset's.
    std::vector<std::string> chosen;
    // Series hidden by hand, by legend name (PlotSeries::name): still in the plot (its list of series shows
    // them to be shown again), drawn by nobody, and the crossover names none of them.
    std::set<std::string> hidden_series;
    // The scan plotted (a run may hold several: bench_scan.hpp); nullopt: the primary run's first.
    std::optional<BenchScan> scan;
};

// The scan a plot of these runs shows: options.scan, else the first run's first scan (the default
// scan for runs without points).
BenchScan plotted_scan(const std::vector<const BenchRun*>& runs, const BenchPlotOptions& options);
// The runs a plot of `scan` draws from: those holding points of it (all of them where none does), so
// that a run of other scans adds no legend tags. Its legend names are computed over these runs.
std::vector<const BenchRun*> runs_with_scan(const std::vector<const BenchRun*>& runs, const BenchScan& scan);

const std::vector<BenchPlotKind>& all_bench_plot_kinds();
// "time", "throughput", "gelems", "speedup", "copy-fraction", "block-sweep"
std::string_view name_of(BenchPlotKind kind);
std::string_view title_of(BenchPlotKind kind);  // "Scan time vs N", …

// The colour of an algorithm's series: the same on every plot and in every export. Distinct within
// each family (our block scans, the libraries, the CPU baselines) and among any six the lecture
// preset shows, also under protanopia, deuteranopia and tritanopia, and readable on the light and
// the dark plot background (tests/cpu/test_bench_series.cpp measures both).
Rgba series_colour(std::string_view algorithm);
// The marker of an algorithm's series in the `run`-th run of a plot: our scans by driver (circle
// scan-then-propagate and decoupled look-back, square reduce-then-scan, diamond global memory and
// chained, triangle two-level, cross atomic global), the others by run.
MarkerShape series_marker(std::string_view algorithm, std::size_t run);

// Where the fastest GPU algorithm overtakes the fastest CPU baseline for good: the N (interpolated
// between measured sizes on a log scale) from which every larger measured N has the GPU faster.
struct Crossover {
    double n = 0;
    std::string gpu_algorithm; // fastest GPU algorithm at the first N where the GPU wins
    std::string cpu_algorithm; // fastest CPU baseline there
};
std::optional<Crossover> find_crossover(const BenchRun& run, bool with_transfers);
// Across several runs (a GPU's shipped results and this machine's CPU, say): the fastest of any run
// at each N; with more than one run, the names carry their run's tag ("cub — H100").
// A series of one run of `runs`: its algorithm and block size.
struct RunSeries {
    std::size_t run = 0;
    std::string algorithm;
    int block_threads = 0;
    friend auto operator<=>(const RunSeries&, const RunSeries&) = default;
};
// With `algorithms`, only those compete (the series a preset shows); with `drawn`, only the points of
// those series (a plot's visible series: the label names none that is hidden or not drawn).
std::optional<Crossover> find_crossover(const std::vector<const BenchRun*>& runs, bool with_transfers,
                                       const std::vector<std::string>* algorithms = nullptr,
                                       const std::set<RunSeries>* drawn = nullptr);

// The legend tag of each run: run_tag(), with the date (and time) added where two would read alike.
std::vector<std::string> legend_tags(const std::vector<const BenchRun*>& runs);
// The same for the runs' CPU series: cpu_run_tag(), told apart the same way.
std::vector<std::string> cpu_legend_tags(const std::vector<const BenchRun*>& runs);

// The tags a plot of several runs puts after each series' name: the GPU's for GPU series, the CPU
// machine's for CPU series (a CPU baseline never reads as if it ran on the GPU).
struct RunLegendTags {
    std::vector<std::string> gpu, cpu;
    explicit RunLegendTags(const std::vector<const BenchRun*>& runs)
        : gpu(legend_tags(runs)), cpu(cpu_legend_tags(runs)) {}
    const std::string& of(std::size_t run, std::string_view algorithm) const;
};

// A series' legend name: the algorithm, "(block B)" where the algorithm has several series, and
// " — TAG" where the plot shows several runs.
std::string bench_series_name(const std::vector<const BenchRun*>& runs, const RunLegendTags& tags,
                              std::size_t run, std::string_view algorithm, int block_threads, bool name_block);

// "N ≈ 2^13.6" style text for a crossover or any N.
std::string format_n_approx(double n);

// Series: one per (run, algorithm, block size) with points of the plotted scan (plotted_scan), in
// catalog order; with several runs, legend entries carry their run's tag (legend_tags) and each run
// its own marker. A copy-fraction plot draws GPU series only (the copy's as the reference line at
// 100%, named kCopyReferenceSeries). Annotations: the crossover of all the runs shown, on the N plots
// but the copy fraction (where no CPU series is drawn). Where
// a run holds scans other than the default (names_scans), the title names the scan plotted.
Plot build_bench_plot(const std::vector<const BenchRun*>& runs, const BenchPlotOptions& options);
inline constexpr const char* kCopyReferenceSeries = "copy = 100%";

// The N a block sweep shows by default: the largest N measured at more than one block size; 0 if none.
std::uint64_t default_sweep_n(const BenchRun& run);

} // namespace prefixlab
