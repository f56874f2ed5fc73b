#include "core/bench/bench_plots.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/util/enum_names.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace prefixlab {

namespace {

constexpr Rgba rgb(int r, int g, int b) { return {r / 255.0f, g / 255.0f, b / 255.0f, 1.0f}; }

// Later runs in one plot are told apart by marker; colours stay with the algorithm.
constexpr MarkerShape kRunMarkers[] = {MarkerShape::circle, MarkerShape::triangle, MarkerShape::diamond,
                                       MarkerShape::cross};

bool is_gpu(std::string_view algorithm) {
    const BenchAlgorithm* a = find_bench_algorithm(algorithm);
    return a != nullptr && a->target == BenchTarget::gpu;
}

bool is_cpu(std::string_view algorithm) {
    const BenchAlgorithm* a = find_bench_algorithm(algorithm);
    return a != nullptr && a->target == BenchTarget::cpu;
}

// The time a plot uses for a point: its median, with transfers where asked and measured.
double point_ms(const BenchPoint& point, bool with_transfers) {
    return with_transfers && point.with_transfers_ms ? point.with_transfers_ms->median : point.ms.median;
}

const SampleStats& point_stats(const BenchPoint& point, bool with_transfers) {
    return with_transfers && point.with_transfers_ms ? *point.with_transfers_ms : point.ms;
}

struct SeriesKey {
    std::size_t catalog_index;
    std::string algorithm;
    int block_threads;
    bool operator<(const SeriesKey& other) const {
        return std::tie(catalog_index, algorithm, block_threads) <
               std::tie(other.catalog_index, other.algorithm, other.block_threads);
    }
};

std::size_t catalog_index(std::string_view algorithm) {
    const auto& all = bench_algorithms();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].name == algorithm)
            return i;
    return all.size(); // unknown names (a newer results file) sort last
}

// The points of one run grouped into series: each algorithm's own tile only (a tuning sweep's other
// tiles would make one series zigzag between tiles; bench_tuning.hpp plots them).
std::map<SeriesKey, std::vector<const BenchPoint*>> group_points(const BenchRun& run) {
    std::map<SeriesKey, std::vector<const BenchPoint*>> groups;
    for (const BenchPoint& point : run.points)
        if (has_own_tile(point))
            groups[{catalog_index(point.algorithm), point.algorithm, point.block_threads}].push_back(&point);
    for (auto& [key, points] : groups)
        std::sort(points.begin(), points.end(), [](const BenchPoint* a, const BenchPoint* b) { return a->n < b->n; });
    return groups;
}

// The series an N plot draws of one run: per algorithm, each block size measured at two or more N.
// A block size measured at one N only (a block sweep's extra points) is left to the block-sweep
// plot, unless the algorithm has nothing else.
std::map<SeriesKey, std::vector<const BenchPoint*>> n_series(const BenchRun& run) {
    auto groups = group_points(run);
    std::map<std::string, int> long_series;
    for (const auto& [key, points] : groups)
        if (points.size() > 1)
            ++long_series[key.algorithm];
    std::erase_if(groups, [&](const auto& entry) {
        return entry.second.size() < 2 && long_series[entry.first.algorithm] > 0;
    });
    return groups;
}

// How many series of an algorithm a plot has (more than one: the legend must name the block size).
int series_count(const std::map<SeriesKey, std::vector<const BenchPoint*>>& groups, const std::string& algorithm) {
    int count = 0;
    for (const auto& [key, points] : groups)
        count += key.algorithm == algorithm ? 1 : 0;
    return count;
}

// The points a run's points are compared with, found once per run and plot: the baseline's fastest
// point at each N (speedup) and the copy at each N (copy fraction; the plot's runs hold one scan).
// A search of the run for each point made the speedup plot quadratic: 14.8 s to switch to it with a
// file of 100,000 points.
struct ComparedPoints {
    std::unordered_map<std::uint64_t, const BenchPoint*> baseline, copy;
    ComparedPoints(const BenchRun& run, const BenchPlotOptions& options) {
        for (const BenchPoint& point : run.points) {
            if (point.algorithm == options.speedup_baseline) {
                const BenchPoint*& best = baseline[point.n];
                if (best == nullptr || point.ms.median < best->ms.median)
                    best = &point;
            }
            if (point.algorithm == "copy")
                copy.try_emplace(point.n, &point); // the first, as copy_point_for() finds it
        }
    }
    static const BenchPoint* at(const std::unordered_map<std::uint64_t, const BenchPoint*>& points,
                                std::uint64_t n) {
        const auto found = points.find(n);
        return found == points.end() ? nullptr : found->second;
    }
};

// y and its spread for one point on the plot's quantity; nullopt where the plot has no value.
std::optional<PlotPoint> plot_point(const ComparedPoints& compared, const BenchPoint& point,
                                    const BenchPlotOptions& options) {
    const SampleStats& stats = point_stats(point, options.with_transfers);
    const double median = stats.median;
    const double low_ms = std::max(stats.mean - stats.stddev, stats.min);
    const double high_ms = std::min(stats.mean + stats.stddev, stats.max);
    PlotPoint p;
    p.x = double(point.n);
    switch (options.kind) {
    case BenchPlotKind::time:
    case BenchPlotKind::block_sweep:
        p.y = median;
        p.y_low = low_ms;
        p.y_high = high_ms;
        break;
    case BenchPlotKind::throughput_gbps:
        p.y = effective_gbps(point.n, median);
        p.y_low = effective_gbps(point.n, high_ms);
        p.y_high = effective_gbps(point.n, low_ms);
        break;
    case BenchPlotKind::throughput_gelems:
        p.y = gelements_per_second(point.n, median);
        p.y_low = gelements_per_second(point.n, high_ms);
        p.y_high = gelements_per_second(point.n, low_ms);
        break;
    case BenchPlotKind::speedup: {
        const BenchPoint* baseline = ComparedPoints::at(compared.baseline, point.n);
        if (baseline == nullptr)
            return std::nullopt;
        p.y = point_ms(*baseline, false) / median;
        p.y_low = p.y_high = p.y;
        break;
    }
    case BenchPlotKind::copy_fraction: {
        const BenchPoint* copy = ComparedPoints::at(compared.copy, point.n);
        const auto fraction = copy_speed_fraction(copy, point);
        if (!fraction)
            return std::nullopt;
        const auto [low, high] = *copy_speed_fraction_spread(copy, point);
        p.y = 100 * *fraction;
        p.y_low = 100 * low;
        p.y_high = 100 * high;
        break;
    }
    }
    if (options.kind == BenchPlotKind::block_sweep)
        p.x = double(point.block_threads);
    if (!options.error_bars || !(p.y_low < p.y_high))
        p.y_low = p.y_high = p.y;
    return p;
}

std::string axis_label(const BenchPlotOptions& options, std::uint64_t sweep_n) {
    switch (options.kind) {
    case BenchPlotKind::time:
        return "time (ms)";
    case BenchPlotKind::throughput_gbps:
        return "effective bandwidth (GB/s, reading N and writing N)";
    case BenchPlotKind::throughput_gelems:
        return "throughput (10^9 elements/s)";
    case BenchPlotKind::speedup:
        return "speedup over " + options.speedup_baseline + " (×)";
    case BenchPlotKind::copy_fraction:
        return "% of copy speed (copy's median time / scan's)";
    case BenchPlotKind::block_sweep:
        return "time (ms) at N = " + format_size(sweep_n);
    }
    return {};
}

std::string subtitle_of(const BenchRun& run, const BenchPlotOptions& options, const BenchScan& scan) {
    const BenchEnvironment& e = run.environment;
    std::string text = e.device.empty() ? "CPU only" : e.device;
    if (!e.driver.empty())
        text += ", driver " + e.driver;
    text += " · " + e.cpu_model + " · " + e.date.substr(0, 10) + " · " + bench_scan_phrase(scan) + ", median of " +
            std::to_string(run.method.repetitions);
    if (options.error_bars && options.kind != BenchPlotKind::speedup)
        text += ", bars mean ± std";
    if (options.with_transfers && options.kind != BenchPlotKind::copy_fraction)
        text += ", GPU incl. transfers";
    return text;
}

// Each run's tag(run), with the date (and time) added where two would read alike.
template <typename Tag>
std::vector<std::string> told_apart(const std::vector<const BenchRun*>& runs, Tag tag) {
    std::vector<std::string> tags;
    for (const BenchRun* run : runs)
        tags.push_back(tag(*run));
    const auto alike = [&](std::size_t i) { return std::count(tags.begin(), tags.end(), tags[i]) > 1; };
    for (const std::size_t length : {std::size_t(10), std::size_t(16)}) { // the date, then the time too
        std::vector<bool> extend(runs.size());
        for (std::size_t i = 0; i < runs.size(); ++i)
            extend[i] = alike(i) && !runs[i]->environment.date.empty();
        for (std::size_t i = 0; i < runs.size(); ++i)
            if (extend[i]) {
                std::string when = runs[i]->environment.date.substr(0, length);
                std::replace(when.begin(), when.end(), 'T', ' ');
                tags[i] = tag(*runs[i]) + ", " + when;
            }
    }
    return tags;
}

bool shown(const std::vector<std::string>& algorithms, std::string_view algorithm) {
    return std::find(algorithms.begin(), algorithms.end(), algorithm) != algorithms.end();
}

} // namespace

const std::vector<BenchPlotKind>& all_bench_plot_kinds() {
    static const std::vector<BenchPlotKind> kinds = {BenchPlotKind::time, BenchPlotKind::throughput_gbps,
                                                     BenchPlotKind::throughput_gelems, BenchPlotKind::speedup,
                                                     BenchPlotKind::copy_fraction, BenchPlotKind::block_sweep};
    return kinds;
}

std::string_view name_of(BenchPlotKind kind) {
    static constexpr std::string_view kNames[] = {"time",    "throughput",    "gelems",
                                                  "speedup", "copy-fraction", "block-sweep"};
    return name_in<BenchPlotKind::block_sweep>(kNames, kind);
}

std::string_view title_of(BenchPlotKind kind) {
    static constexpr std::string_view kTitles[] = {
        "Inclusive scan time vs N",         "Effective bandwidth vs N",    "Elements per second vs N",
        "Speedup over the serial CPU vs N", "Fraction of copy speed vs N", "Scan time vs threads per block"};
    return name_in<BenchPlotKind::block_sweep>(kTitles, kind);
}

Rgba series_colour(std::string_view algorithm) {
    // Chosen from Okabe–Ito's and Paul Tol's colour-blind-safe sets by maximising the smallest CIELAB
    // distance (ΔE76), under normal vision and simulated protanopia, deuteranopia and tritanopia
    // (Machado et al. 2009), between any two colours of a family or of a lecture preset's six, with
    // contrast at least 2.2:1 on white and 3.3:1 on the dark plot: 14.8 at worst (the colours before
    // this choice: 3.0). One colour per block scan: its drivers share it, their markers differ.
    // The block scans' colours, in the order of bench_block_scans() (the kernel catalogue's): violet,
    // olive, red, purple, sky blue. A block scan beyond them is drawn in the fallback grey until it gets
    // its own, chosen as above.
    static constexpr Rgba kBlockScanColours[] = {rgb(150, 100, 220), rgb(170, 170, 0), rgb(204, 51, 17),
                                                 rgb(170, 68, 153), rgb(86, 180, 233)};
    const BenchAlgorithm* own = find_bench_algorithm(algorithm);
    // PrefixLab's tuned scans stand apart from the textbook's: blue, chosen as above (ΔE76 at least 24.4
    // from every other series' colour under the four visions; contrast 5.4:1 on white, 3.3:1 on the
    // dark plot). Its two forms share it; their markers differ.
    if (own != nullptr && own->target == BenchTarget::gpu && is_tuned_scan(own->gpu.kind))
        return rgb(51, 85, 255);
    if (own != nullptr && bench_role(*own) == BenchRole::own_scan) {
        // global-hillis-steele's method names the catalogue's default block, Hillis–Steele: it shares its colour
        const auto& blocks = bench_block_scans();
        const auto at = static_cast<std::size_t>(std::find(blocks.begin(), blocks.end(), own->gpu.block) - blocks.begin());
        if (at < std::size(kBlockScanColours))
            return kBlockScanColours[at];
    }
    if (algorithm == "cub")
        return rgb(238, 51, 119); // magenta
    if (algorithm == "thrust")
        return rgb(170, 136, 0); // ochre
    if (algorithm == "copy")
        return rgb(136, 136, 136); // grey: the speed of light, a reference
    if (algorithm == "cpu-loop")
        return rgb(68, 170, 153); // teal
    if (algorithm == "cpu-std")
        return rgb(238, 136, 102); // salmon
    if (algorithm == "cpu-parallel")
        return rgb(34, 136, 51); // green
    return rgb(120, 120, 120);
}

MarkerShape series_marker(std::string_view algorithm, std::size_t run) {
    const BenchAlgorithm* a = find_bench_algorithm(algorithm);
    if (a == nullptr || bench_role(*a) != BenchRole::own_scan)
        return kRunMarkers[run % std::size(kRunMarkers)];
    switch (a->gpu.kind) {
    case GpuScanKind::reduce_then_scan:
    case GpuScanKind::tuned_reduce_then_scan:
        return MarkerShape::square;
    case GpuScanKind::global_hillis_steele:
    case GpuScanKind::chained:
        return MarkerShape::diamond;
    case GpuScanKind::two_level:
        return MarkerShape::triangle;
    case GpuScanKind::atomic_global:
        return MarkerShape::cross;
    default: // scan-then-propagate, and decoupled look-back (which shares warp shuffle's circle with stp-)
        return MarkerShape::circle;
    }
}

std::optional<Crossover> find_crossover(const BenchRun& run, bool with_transfers) {
    return find_crossover(std::vector<const BenchRun*>{&run}, with_transfers);
}

std::vector<std::string> legend_tags(const std::vector<const BenchRun*>& runs) {
    return told_apart(runs, run_tag);
}

std::vector<std::string> cpu_legend_tags(const std::vector<const BenchRun*>& runs) {
    return told_apart(runs, cpu_run_tag);
}

const std::string& RunLegendTags::of(std::size_t run, std::string_view algorithm) const {
    return is_cpu(algorithm) ? cpu[run] : gpu[run];
}

std::string bench_series_name(const std::vector<const BenchRun*>& runs, const RunLegendTags& tags,
                              std::size_t run, std::string_view algorithm, int block_threads, bool name_block) {
    std::string name(algorithm);
    if (name_block)
        name += " (block " + std::to_string(block_threads) + ")";
    if (runs.size() > 1)
        name += " — " + tags.of(run, algorithm);
    return name;
}

std::optional<Crossover> find_crossover(const std::vector<const BenchRun*>& runs, bool with_transfers,
                                       const std::vector<std::string>* algorithms, const std::set<RunSeries>* drawn) {
    struct Best {
        double gpu = std::numeric_limits<double>::infinity(), cpu = std::numeric_limits<double>::infinity();
        std::string gpu_name, cpu_name;
    };
    const RunLegendTags tags(runs);
    std::map<std::uint64_t, Best> by_n;
    for (std::size_t r = 0; r < runs.size(); ++r)
        for (const BenchPoint& point : runs[r]->points) {
            if (algorithms != nullptr && !shown(*algorithms, point.algorithm))
                continue;
            if (drawn != nullptr && !drawn->contains({r, point.algorithm, point.block_threads}))
                continue;
            Best& best = by_n[point.n];
            const double ms = point_ms(point, with_transfers);
            const std::string name = bench_series_name(runs, tags, r, point.algorithm, 0, false);
            if (is_gpu(point.algorithm) && point.algorithm != "copy" && ms < best.gpu) {
                best.gpu = ms;
                best.gpu_name = name;
            } else if (is_cpu(point.algorithm) && ms < best.cpu) {
                best.cpu = ms;
                best.cpu_name = name;
            }
        }
    std::vector<std::pair<std::uint64_t, Best>> both;
    for (const auto& [n, best] : by_n)
        if (std::isfinite(best.gpu) && std::isfinite(best.cpu))
            both.emplace_back(n, best);
    // The first size from which the GPU stays ahead.
    std::size_t first = both.size();
    while (first > 0 && both[first - 1].second.gpu < both[first - 1].second.cpu)
        --first;
    if (first == both.size())
        return std::nullopt; // the CPU wins at the largest N measured
    Crossover crossover;
    crossover.gpu_algorithm = both[first].second.gpu_name;
    crossover.cpu_algorithm = both[first].second.cpu_name;
    if (first == 0) {
        crossover.n = double(both[0].first); // ahead from the smallest N measured
        return crossover;
    }
    // Interpolate log(gpu / cpu) linearly in log2 N between the sizes either side of the change.
    const auto& [n0, b0] = both[first - 1];
    const auto& [n1, b1] = both[first];
    const double r0 = std::log(b0.gpu / b0.cpu), r1 = std::log(b1.gpu / b1.cpu);
    const double x0 = std::log2(double(n0)), x1 = std::log2(double(n1));
    const double t = r0 - r1 > 0 ? r0 / (r0 - r1) : 1.0;
    crossover.n = std::exp2(x0 + (x1 - x0) * std::clamp(t, 0.0, 1.0));
    return crossover;
}

std::string format_n_approx(double n) {
    const double exponent = std::log2(n);
    char text[32];
    if (std::fabs(exponent - std::round(exponent)) < 0.05)
        std::snprintf(text, sizeof text, "N ≈ 2^%d", int(std::lround(exponent)));
    else
        std::snprintf(text, sizeof text, "N ≈ 2^%.1f", exponent);
    return text;
}

std::uint64_t default_sweep_n(const BenchRun& run) {
    std::map<std::pair<std::string, std::uint64_t>, std::vector<int>> blocks;
    for (const BenchPoint& point : run.points)
        if (point.block_threads > 0)
            blocks[{point.algorithm, point.n}].push_back(point.block_threads);
    std::uint64_t best = 0;
    for (const auto& [key, threads] : blocks)
        if (threads.size() > 1)
            best = std::max(best, key.second);
    return best;
}

BenchScan plotted_scan(const std::vector<const BenchRun*>& runs, const BenchPlotOptions& options) {
    if (options.scan)
        return *options.scan;
    if (runs.empty())
        return kDefaultBenchScan;
    const std::vector<BenchScan> scans = scans_of(*runs.front());
    return scans.empty() ? kDefaultBenchScan : scans.front();
}

std::vector<const BenchRun*> runs_with_scan(const std::vector<const BenchRun*>& runs, const BenchScan& scan) {
    std::vector<const BenchRun*> with;
    for (const BenchRun* run : runs)
        if (std::any_of(run->points.begin(), run->points.end(), [&](const BenchPoint& p) { return p.scan == scan; }))
            with.push_back(run);
    return with.empty() ? runs : with;
}

namespace {

// The copy-fraction plot's reference: the copy at 100%, dashed, at every N a run timed it.
PlotSeries copy_reference_series(const std::vector<const BenchRun*>& runs) {
    std::set<std::uint64_t> sizes;
    for (const BenchRun* run : runs)
        for (const BenchPoint& point : run->points)
            if (point.algorithm == "copy")
                sizes.insert(point.n);
    PlotSeries series;
    series.name = kCopyReferenceSeries;
    series.colour = series_colour("copy");
    series.dashed = true;
    series.marker = series_marker("copy", 0);
    for (std::uint64_t n : sizes)
        series.points.push_back({double(n), 100, 100, 100});
    return series;
}

// The plot of one scan: `runs` hold that scan's points only.
Plot build_scan_plot(const std::vector<const BenchRun*>& runs, const BenchPlotOptions& options, const BenchScan& scan,
                     bool title_names_scan) {
    Plot plot;
    plot.title = std::string(title_of(options.kind));
    if (title_names_scan) {
        // The scan after the title says whether it is exclusive: the time plot's "Inclusive" would
        // contradict an exclusive one.
        if (options.kind == BenchPlotKind::time)
            plot.title = "Scan time vs N";
        plot.title += " · " + bench_scan_phrase(scan);
    }
    plot.x = {options.kind == BenchPlotKind::block_sweep ? "threads per block" : "N (elements)", AxisScale::log2};
    plot.y.scale = AxisScale::log10;
    if (options.kind == BenchPlotKind::copy_fraction) // 0 to 100% always shown: a fraction read honestly
        plot.y = {"", AxisScale::linear, 0, 100};
    if (runs.empty()) {
        plot.y.label = axis_label(options, 0);
        return plot;
    }
    plot.subtitle = subtitle_of(*runs.front(), options, scan);
    const std::uint64_t sweep_n = options.sweep_n != 0 ? options.sweep_n : default_sweep_n(*runs.front());
    plot.y.label = axis_label(options, sweep_n);

    const RunLegendTags tags(runs);
    const std::vector<std::string> algorithms =
        options.chosen.empty() ? preset_algorithms(options.series, runs, options.speedup_baseline) : options.chosen;
    std::set<RunSeries> drawn; // the N plots' visible series, which alone the crossover may name
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const BenchRun& run = *runs[r];
        const ComparedPoints compared(run, options);
        if (options.kind == BenchPlotKind::block_sweep) {
            // One series per algorithm: its block sizes at sweep_n.
            std::map<std::size_t, PlotSeries> sweeps;
            for (const BenchPoint& point : run.points) {
                if (point.block_threads == 0 || point.n != sweep_n || !has_own_tile(point) ||
                    !shown(algorithms, point.algorithm))
                    continue;
                PlotSeries& series = sweeps[catalog_index(point.algorithm)];
                series.name = bench_series_name(runs, tags, r, point.algorithm, 0, false);
                series.colour = series_colour(point.algorithm);
                series.marker = series_marker(point.algorithm, r);
                if (auto p = plot_point(compared, point, options))
                    series.points.push_back(*p);
            }
            for (auto& [index, series] : sweeps) {
                std::sort(series.points.begin(), series.points.end(),
                          [](const PlotPoint& a, const PlotPoint& b) { return a.x < b.x; });
                if (series.points.size() > 1)
                    plot.series.push_back(std::move(series));
            }
            continue;
        }
        const auto groups = n_series(run);
        for (const auto& [key, points] : groups) {
            if (options.kind == BenchPlotKind::speedup && key.algorithm == options.speedup_baseline)
                continue; // 1× everywhere: the reference line says it
            if (options.kind == BenchPlotKind::copy_fraction && (!is_gpu(key.algorithm) || key.algorithm == "copy"))
                continue; // a CPU has no copy of its own here; the copy is the reference line
            if (!shown(algorithms, key.algorithm))
                continue;
            const BenchAlgorithm* algorithm = find_bench_algorithm(key.algorithm);
            PlotSeries series;
            series.name = bench_series_name(runs, tags, r, key.algorithm, key.block_threads,
                                            series_count(groups, key.algorithm) > 1);
            series.colour = series_colour(key.algorithm);
            series.dashed = algorithm != nullptr && algorithm->baseline;
            series.marker = series_marker(key.algorithm, r);
            for (const BenchPoint* point : points)
                if (auto p = plot_point(compared, *point, options))
                    series.points.push_back(*p);
            if (series.points.empty())
                continue;
            if (!options.hidden_series.contains(series.name))
                drawn.insert({r, key.algorithm, key.block_threads});
            plot.series.push_back(std::move(series));
        }
    }

    if (options.kind == BenchPlotKind::copy_fraction && !plot.series.empty())
        plot.series.push_back(copy_reference_series(runs));
    if (options.kind != BenchPlotKind::block_sweep && options.kind != BenchPlotKind::copy_fraction)
        if (auto crossover = find_crossover(runs, options.with_transfers, &algorithms, &drawn))
            plot.annotations.push_back({crossover->n,
                                        "GPU faster from " + format_n_approx(crossover->n) + ": " +
                                            crossover->gpu_algorithm + " vs " + crossover->cpu_algorithm,
                                        rgb(0, 114, 178)}); // Okabe–Ito blue: no series has it
    // Axis ranges stay empty (0..0): draw_plot() fits them to the series that are visible.
    return plot;
}

} // namespace

Plot build_bench_plot(const std::vector<const BenchRun*>& runs, const BenchPlotOptions& options) {
    const BenchScan scan = plotted_scan(runs, options);
    // Every figure of the plot (series, preset, crossover) comes from this scan's points alone.
    bool title_names_scan = false;
    for (const BenchRun* run : runs)
        title_names_scan = title_names_scan || names_scans(*run);
    std::vector<BenchRun> scan_runs;
    for (const BenchRun* run : runs_with_scan(runs, scan))
        scan_runs.push_back(run_of_scan(*run, scan));
    std::vector<const BenchRun*> pointers;
    for (const BenchRun& run : scan_runs)
        pointers.push_back(&run);
    return build_scan_plot(pointers, options, scan, title_names_scan);
}

} // namespace prefixlab
