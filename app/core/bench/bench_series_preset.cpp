// The lecture preset's choice of series (bench_series_preset.hpp).
#include "core/bench/bench_series_preset.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace prefixlab {

namespace {

bool has_role(std::string_view algorithm, BenchRole role) {
    const BenchAlgorithm* a = find_bench_algorithm(algorithm);
    return a != nullptr && bench_role(*a) == role;
}

// Algorithms with points in any of the runs.
std::set<std::string, std::less<>> measured(const std::vector<const BenchRun*>& runs) {
    std::set<std::string, std::less<>> names;
    for (const BenchRun* run : runs)
        for (const BenchPoint& point : run->points)
            names.insert(point.algorithm);
    return names;
}

// The first algorithm of `role` that was measured, preferring `preferred` (if it has that role).
std::string first_measured(const std::set<std::string, std::less<>>& names, BenchRole role,
                           std::string_view preferred = {}) {
    if (!preferred.empty() && has_role(preferred, role) && names.contains(preferred))
        return std::string(preferred);
    for (const BenchAlgorithm& a : bench_algorithms())
        if (bench_role(a) == role && names.contains(a.name))
            return a.name;
    return {};
}

// Each own scan's best median at each N it was measured at (over block sizes).
std::map<std::string, std::map<std::uint64_t, double>> own_scan_times(const BenchRun& run) {
    std::map<std::string, std::map<std::uint64_t, double>> times;
    for (const BenchPoint& point : run.points) {
        if (!has_role(point.algorithm, BenchRole::own_scan) || !(point.ms.median > 0))
            continue;
        auto [at, added] = times[point.algorithm].try_emplace(point.n, point.ms.median);
        if (!added)
            at->second = std::min(at->second, point.ms.median);
    }
    return times;
}

// The largest N every scan in `times` was measured at; 0 when there is none.
std::uint64_t largest_common_n(const std::map<std::string, std::map<std::uint64_t, double>>& times) {
    std::uint64_t best = 0;
    for (const auto& [n, ms] : times.begin()->second)
        if (std::all_of(times.begin(), times.end(), [n = n](const auto& entry) { return entry.second.contains(n); }))
            best = std::max(best, n);
    return best;
}

} // namespace

const std::vector<BenchSeriesPreset>& all_bench_series_presets() {
    static const std::vector<BenchSeriesPreset> presets = {BenchSeriesPreset::all, BenchSeriesPreset::lecture};
    return presets;
}

std::string_view name_of(BenchSeriesPreset preset) {
    return preset == BenchSeriesPreset::lecture ? "lecture" : "all";
}

BenchRole bench_role(const BenchAlgorithm& algorithm) {
    if (algorithm.target == BenchTarget::cpu)
        return algorithm.cpu == CpuScanKind::parallel ? BenchRole::cpu_parallel : BenchRole::cpu_serial;
    switch (algorithm.gpu.kind) {
    case GpuScanKind::copy:
        return BenchRole::copy;
    case GpuScanKind::cub:
    case GpuScanKind::thrust:
        return BenchRole::library;
    case GpuScanKind::scan_then_propagate:
    case GpuScanKind::reduce_then_scan:
    case GpuScanKind::global_hillis_steele:
    case GpuScanKind::two_level:
    case GpuScanKind::atomic_global:
    case GpuScanKind::chained:
    case GpuScanKind::decoupled_look_back:
    case GpuScanKind::tuned_look_back:
    case GpuScanKind::tuned_reduce_then_scan:
        break;
    }
    return BenchRole::own_scan;
}

std::vector<std::string> LectureSeries::algorithms() const {
    std::vector<std::string> names;
    for (const std::string* name : {&copy, &library, &fastest_own, &textbook, &cpu_serial, &cpu_parallel})
        if (!name->empty())
            names.push_back(*name);
    return names;
}

std::string fastest_own_scan(const std::vector<const BenchRun*>& runs) {
    for (const BenchRun* run : runs) {
        const auto times = own_scan_times(*run);
        if (times.empty())
            continue;
        const std::uint64_t common = largest_common_n(times);
        std::string fastest;
        double best = std::numeric_limits<double>::infinity();
        for (const auto& [algorithm, by_n] : times) {
            // At the common N: its time. Without one: time per element at its own largest N.
            const auto& [n, ms] = common != 0 ? *by_n.find(common) : *by_n.rbegin();
            const double cost = common != 0 ? ms : ms / double(n);
            if (cost < best) {
                best = cost;
                fastest = algorithm;
            }
        }
        return fastest;
    }
    return {};
}

LectureSeries lecture_series(const std::vector<const BenchRun*>& runs, std::string_view serial_baseline) {
    const auto names = measured(runs);
    LectureSeries lecture;
    lecture.copy = first_measured(names, BenchRole::copy);
    lecture.library = first_measured(names, BenchRole::library, "cub");
    lecture.fastest_own = fastest_own_scan(runs);
    // Which scan a textbook shows is a fact about textbooks, not the data: the kernels' catalogue
    // entries say it (kTextbookOrder), and textbook_bench_scans() lists their drivers in that order.
    for (std::string_view scan : textbook_bench_scans())
        if (scan != lecture.fastest_own && names.contains(scan)) {
            lecture.textbook = std::string(scan);
            break;
        }
    lecture.cpu_serial = first_measured(names, BenchRole::cpu_serial, serial_baseline);
    lecture.cpu_parallel = first_measured(names, BenchRole::cpu_parallel);
    return lecture;
}

std::vector<std::string> preset_algorithms(BenchSeriesPreset preset, const std::vector<const BenchRun*>& runs,
                                           std::string_view serial_baseline) {
    if (preset == BenchSeriesPreset::lecture)
        return lecture_series(runs, serial_baseline).algorithms();
    const auto names = measured(runs);
    return {names.begin(), names.end()};
}

std::vector<std::string> series_list(std::string_view text) {
    std::vector<std::string> names;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        names.emplace_back(text.substr(start, comma - start));
        start = comma + 1;
    }
    return names;
}

std::string series_text(const std::vector<std::string>& algorithms) {
    std::string text;
    for (const std::string& algorithm : algorithms)
        text += (text.empty() ? "" : ",") + algorithm;
    return text;
}

} // namespace prefixlab
