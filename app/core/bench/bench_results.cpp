// Derived benchmark figures (bench_results.hpp): one function per fact, so a table, a plot and an
// export of the same point show the same GB/s.
#include "core/bench/bench_results.hpp"

#include "core/bench/bench_catalog.hpp"
#include "kernels/bench/gpu_tuned_scan.hpp" // kTunedScanItems

#include <algorithm>
#include <string_view>

namespace prefixlab {

namespace {
constexpr double kBytesPerElement = 4; // uint32
} // namespace

int elements_per_thread(const BenchPoint& point) {
    if (point.items > 0)
        return point.items;
    const BenchAlgorithm* algorithm = find_bench_algorithm(point.algorithm);
    const bool tuned = algorithm != nullptr && algorithm->target == BenchTarget::gpu && is_tuned_scan(algorithm->gpu.kind);
    return tuned ? kTunedScanItems : 0;
}

std::string default_run_label(const BenchRun& run) {
    const BenchEnvironment& e = run.environment;
    return (e.device.empty() ? e.cpu_model : e.device) + ", " + e.date.substr(0, 10);
}

std::string run_tag(const BenchRun& run) {
    if (!run.label.empty() && run.label != default_run_label(run))
        return run.label;
    std::string device = run.environment.device;
    if (device.empty())
        return "CPU";
    if (device.starts_with("NVIDIA "))
        device.erase(0, 7);
    return device.substr(0, device.find(' ')); // "H100 80GB HBM3" -> "H100"
}

std::string short_cpu_model(const std::string& model) {
    // Words that say nothing a reader needs: trademarks, "CPU", "Processor", core counts, the clock.
    std::string text = model.substr(0, model.find(" @ "));
    for (const std::string_view mark : {"(R)", "(TM)", "(tm)"})
        for (auto at = text.find(mark); at != std::string::npos; at = text.find(mark))
            text.erase(at, mark.size());
    std::string shortened;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        const std::string word = text.substr(start, end - start);
        start = end + 1;
        if (word.empty() || word == "CPU" || word == "Processor" || word.ends_with("-Core"))
            continue;
        shortened += (shortened.empty() ? "" : " ") + word;
    }
    return shortened.empty() ? model : shortened;
}

std::string cpu_run_tag(const BenchRun& run) {
    if (!run.label.empty() && run.label != default_run_label(run))
        return run.label;
    const BenchEnvironment& e = run.environment;
    const std::string cpu = e.cpu_model.empty() ? "CPU" : short_cpu_model(e.cpu_model);
    return e.host.empty() ? cpu : cpu + " on " + e.host;
}

double bytes_moved(std::uint64_t n) {
    // The least any scan can move: each element read once and its result written once.
    return 2.0 * kBytesPerElement * static_cast<double>(n);
}

// A time of zero or less (a clock too coarse for the point, or a bad sample) has no meaningful rate:
// report 0 rather than infinity, so tables and plot axes stay finite.
double effective_gbps(std::uint64_t n, double ms) {
    if (!(ms > 0))
        return 0;
    return bytes_moved(n) / 1e9 / (ms / 1e3);
}

double gelements_per_second(std::uint64_t n, double ms) {
    if (!(ms > 0))
        return 0;
    return static_cast<double>(n) / 1e9 / (ms / 1e3);
}

namespace {
constexpr std::string_view kCopyAlgorithm = "copy"; // bench_catalog.hpp's speed-of-light baseline
} // namespace

const BenchPoint* copy_point_for(const BenchRun& run, const BenchPoint& point) {
    for (const BenchPoint& copy : run.points)
        if (copy.algorithm == kCopyAlgorithm && copy.scan == point.scan && copy.n == point.n)
            return &copy;
    return nullptr;
}

std::optional<double> copy_speed_fraction(const BenchPoint* copy, const BenchPoint& point) {
    if (copy == nullptr || !(copy->ms.median > 0) || !(point.ms.median > 0))
        return std::nullopt;
    return copy->ms.median / point.ms.median;
}

std::optional<double> copy_speed_fraction(const BenchRun& run, const BenchPoint& point) {
    return copy_speed_fraction(copy_point_for(run, point), point);
}

std::optional<std::pair<double, double>> copy_speed_fraction_spread(const BenchPoint* copy,
                                                                    const BenchPoint& point) {
    const auto fraction = copy_speed_fraction(copy, point);
    if (!fraction)
        return std::nullopt;
    const double copy_ms = *fraction * point.ms.median;
    const double fastest = std::max(point.ms.mean - point.ms.stddev, point.ms.min);
    const double slowest = std::min(point.ms.mean + point.ms.stddev, point.ms.max);
    return std::pair{slowest > 0 ? copy_ms / slowest : *fraction, fastest > 0 ? copy_ms / fastest : *fraction};
}

std::optional<std::pair<double, double>> copy_speed_fraction_spread(const BenchRun& run,
                                                                    const BenchPoint& point) {
    return copy_speed_fraction_spread(copy_point_for(run, point), point);
}

bool has_copy_points(const BenchRun& run) {
    return std::any_of(run.points.begin(), run.points.end(),
                       [](const BenchPoint& point) { return point.algorithm == kCopyAlgorithm; });
}

} // namespace prefixlab
