#include "core/bench/bench_tuning.hpp"

#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/bench_table.hpp"
#include "kernels/bench/gpu_bench.hpp" // tuned_scan_item_choices

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

namespace prefixlab {

namespace {

constexpr const char* kCub = "cub";

// The block sizes' series colours: Okabe–Ito's, distinct for colour-blind readers, none of them CUB's
// reference line's (series_colour("cub")), in the order of the default sizes 64, 128, 256, 512.
constexpr Rgba kBlockColours[] = {{0.0f, 114 / 255.0f, 178 / 255.0f, 1}, {213 / 255.0f, 94 / 255.0f, 0.0f, 1},
                                  {0.0f, 158 / 255.0f, 115 / 255.0f, 1}, {204 / 255.0f, 121 / 255.0f, 167 / 255.0f, 1},
                                  {230 / 255.0f, 159 / 255.0f, 0.0f, 1}, {86 / 255.0f, 180 / 255.0f, 233 / 255.0f, 1}};
constexpr MarkerShape kBlockMarkers[] = {MarkerShape::circle, MarkerShape::square, MarkerShape::triangle,
                                         MarkerShape::diamond, MarkerShape::cross};

bool is_tuning_point(const BenchPoint& point) {
    return point.algorithm == kTunedAlgorithm && point.scan == kDefaultBenchScan;
}

const BenchPoint* find_library_point(const BenchRun& run, const char* algorithm, std::uint64_t n) {
    for (const BenchPoint& point : run.points)
        if (point.algorithm == algorithm && point.scan == kDefaultBenchScan && point.n == n)
            return &point;
    return nullptr;
}

std::string percent_or_dash(const std::optional<double>& fraction) {
    return fraction ? format_percent(*fraction) : "—";
}

// The display width of a cell: "—" is three bytes but one column.
std::size_t columns_of(const std::string& text) {
    std::size_t columns = 0;
    for (unsigned char c : text)
        columns += (c & 0xC0) != 0x80;
    return columns;
}

std::string right_aligned(const std::string& text, std::size_t width) {
    const std::size_t columns = columns_of(text);
    return std::string(width > columns ? width - columns : 0, ' ') + text;
}

} // namespace

const std::vector<int>& tuning_item_choices() { return tuned_scan_item_choices(); }

BenchSpec tuning_bench_spec(const TuneSettings& settings) {
    BenchSpec spec;
    spec.algorithms = {"copy", kCub, kTunedAlgorithm};
    spec.scans = {kDefaultBenchScan}; // the tuned scans take other tiles for uint32 + only
    spec.sizes = settings.sizes;
    spec.block_sizes = settings.block_sizes;
    spec.items_per_thread = settings.items.empty() ? tuning_item_choices() : settings.items;
    spec.repetitions = settings.repetitions;
    spec.warmup = settings.warmup;
    spec.seed = settings.seed;
    spec.label = settings.label;
    spec.command = settings.command;
    validate_bench_spec(spec);
    return spec;
}

std::vector<std::uint64_t> tuning_sizes(const BenchRun& run) {
    std::set<std::uint64_t> sizes;
    for (const BenchPoint& point : run.points)
        if (is_tuning_point(point))
            sizes.insert(point.n);
    return {sizes.begin(), sizes.end()};
}

std::vector<TuneCell> tuning_cells(const BenchRun& run, std::uint64_t n) {
    std::vector<TuneCell> cells;
    for (const BenchPoint& point : run.points)
        if (is_tuning_point(point) && point.n == n)
            cells.push_back({point.block_threads, elements_per_thread(point), point.ms.median,
                             copy_speed_fraction(run, point)});
    std::sort(cells.begin(), cells.end(), [](const TuneCell& a, const TuneCell& b) {
        return std::pair(a.threads, a.items) < std::pair(b.threads, b.items);
    });
    return cells;
}

std::optional<TuneCell> fastest_tuning(const BenchRun& run, std::uint64_t n) {
    std::optional<TuneCell> fastest;
    for (const TuneCell& cell : tuning_cells(run, n))
        if (cell.median_ms > 0 && (!fastest || cell.median_ms < fastest->median_ms))
            fastest = cell;
    return fastest;
}

std::optional<double> cub_copy_fraction(const BenchRun& run, std::uint64_t n) {
    const BenchPoint* cub = find_library_point(run, kCub, n);
    return cub != nullptr ? copy_speed_fraction(run, *cub) : std::nullopt;
}

std::string fastest_tuning_text(const BenchRun& run, std::uint64_t n) {
    const auto fastest = fastest_tuning(run, n);
    if (!fastest)
        return "no tile of " + std::string(kTunedAlgorithm) + " was timed at N = " + format_size(n);
    const auto cub = cub_copy_fraction(run, n);
    return "fastest at N = " + format_size(n) + ": " + std::to_string(fastest->threads) + " threads × " +
           std::to_string(fastest->items) + " elements a thread, " + format_ms(fastest->median_ms) + " ms, " +
           percent_or_dash(fastest->copy_fraction) + " of copy speed (CUB " + percent_or_dash(cub) + ")";
}

std::string tuning_table_text(const BenchRun& run, std::uint64_t n) {
    const std::vector<TuneCell> cells = tuning_cells(run, n);
    std::set<int> threads, items;
    std::map<std::pair<int, int>, std::string> text;
    for (const TuneCell& cell : cells) {
        threads.insert(cell.threads);
        items.insert(cell.items);
        text[{cell.threads, cell.items}] = format_ms(cell.median_ms) + " ms " + percent_or_dash(cell.copy_fraction);
    }
    std::size_t width = 8;
    for (const auto& [key, cell] : text)
        width = std::max(width, columns_of(cell) + 2);
    const std::string corner = "threads \\ items";
    std::string table = std::string(kTunedAlgorithm) + ", uint32 + at N = " + format_size(n) +
                        ": median ms and % of copy speed\n" + corner;
    for (int item : items)
        table += right_aligned(std::to_string(item), width);
    table += '\n';
    for (int thread : threads) {
        table += right_aligned(std::to_string(thread), corner.size());
        for (int item : items) {
            const auto found = text.find({thread, item});
            table += right_aligned(found == text.end() ? "—" : found->second, width);
        }
        table += '\n';
    }
    return table + fastest_tuning_text(run, n) + '\n';
}

Plot build_tuning_plot(const BenchRun& run, std::uint64_t n) {
    Plot plot;
    plot.title = "Tuning " + std::string(kTunedAlgorithm) + " at N = " + format_size(n);
    plot.subtitle = (run.environment.device.empty() ? std::string("no GPU") : run.environment.device) + ", " +
                    run.environment.date.substr(0, 10) + ", uint32 +, median of " +
                    std::to_string(run.method.repetitions) + ", bars mean ± std";
    plot.x = {"elements per thread", AxisScale::linear, 0, 0};
    plot.y = {"% of copy speed (copy's median time / scan's)", AxisScale::linear, 0, 100};
    std::map<int, PlotSeries> by_threads;
    for (const BenchPoint& point : run.points) {
        if (!is_tuning_point(point) || point.n != n)
            continue;
        const auto fraction = copy_speed_fraction(run, point);
        if (!fraction)
            continue;
        const auto [low, high] = *copy_speed_fraction_spread(run, point);
        by_threads[point.block_threads].points.push_back(
            {double(elements_per_thread(point)), 100 * *fraction, 100 * low, 100 * high});
    }
    std::size_t index = 0;
    double lowest_items = 0, highest_items = 0;
    for (auto& [threads, series] : by_threads) {
        series.name = std::to_string(threads) + " threads";
        series.colour = kBlockColours[index % std::size(kBlockColours)];
        series.marker = kBlockMarkers[index % std::size(kBlockMarkers)];
        ++index;
        std::sort(series.points.begin(), series.points.end(),
                  [](const PlotPoint& a, const PlotPoint& b) { return a.x < b.x; });
        lowest_items = plot.series.empty() ? series.points.front().x : std::min(lowest_items, series.points.front().x);
        highest_items = std::max(highest_items, series.points.back().x);
        plot.series.push_back(std::move(series));
    }
    if (plot.series.empty())
        return plot;
    if (const auto cub = cub_copy_fraction(run, n)) {
        PlotSeries reference;
        reference.name = "cub = " + format_percent(*cub);
        reference.colour = series_colour(kCub);
        reference.dashed = true;
        reference.marker = series_marker(kCub, 0);
        reference.points = {{lowest_items, 100 * *cub, 100 * *cub, 100 * *cub},
                            {highest_items, 100 * *cub, 100 * *cub, 100 * *cub}};
        plot.series.push_back(std::move(reference));
    }
    if (const auto fastest = fastest_tuning(run, n))
        plot.annotations.push_back({double(fastest->items),
                                    "fastest: " + std::to_string(fastest->threads) + " threads × " +
                                        std::to_string(fastest->items) + " (" +
                                        percent_or_dash(fastest->copy_fraction) + ")",
                                    {0.47f, 0.47f, 0.47f, 1}}); // grey: readable on the light and the dark style
    return plot;
}

BenchExportRequest tuning_export_request(const BenchRun& run, const std::vector<PlotFileFormat>& formats) {
    BenchExportRequest request = run_export_request(run, BenchExportPlots::none, formats);
    const std::vector<std::uint64_t> sizes = tuning_sizes(run);
    for (std::uint64_t n : sizes)
        request.named_plots.emplace_back(tuning_plot_stem(n, sizes.size() > 1), build_tuning_plot(run, n));
    return request;
}

std::string tuning_plot_stem(std::uint64_t n, bool several_sizes) {
    return several_sizes ? "tune-" + std::to_string(n) : std::string("tune");
}

} // namespace prefixlab
