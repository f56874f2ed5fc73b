#include "core/bench/bench_table.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace prefixlab {

std::string format_ms(double ms) {
    char text[32];
    if (ms >= 100)
        std::snprintf(text, sizeof text, "%.0f", ms);
    else if (ms >= 10)
        std::snprintf(text, sizeof text, "%.1f", ms);
    else if (ms >= 1)
        std::snprintf(text, sizeof text, "%.2f", ms);
    else {
        const int decimals = std::clamp(2 - int(std::floor(std::log10(std::max(ms, 1e-9)))), 3, 6);
        std::snprintf(text, sizeof text, "%.*f", decimals, ms);
    }
    return text;
}

namespace {

constexpr std::size_t kColumnWidth = 9;

// The spaces that right-align a cell `width` columns wide: at least one, so a cell wider than the
// column (a size or time of many digits, which a results file may hold) widens its row instead of
// the unsigned `kColumnWidth - width` wrapping round (the fuzzer's first find: a 2^64-byte string).
std::string padding_before(std::size_t width) {
    return std::string(width < kColumnWidth ? kColumnWidth - width : 1, ' ');
}

// The table of one scan's points (or of a run of the default scan alone).
std::string single_scan_table(const BenchRun& run, bool with_transfers) {
    std::set<std::uint64_t> sizes;
    std::map<std::pair<std::size_t, std::string>, std::map<std::uint64_t, double>> rows;
    const auto& catalog = bench_algorithms();
    for (const BenchPoint& point : run.points) {
        std::size_t index = catalog.size();
        for (std::size_t i = 0; i < catalog.size(); ++i)
            if (catalog[i].name == point.algorithm)
                index = i;
        std::string name = point.algorithm;
        if (point.block_threads > 0)
            name += " @" + std::to_string(point.block_threads);
        const double ms =
            with_transfers && point.with_transfers_ms ? point.with_transfers_ms->median : point.ms.median;
        rows[{index, name}][point.n] = ms;
        sizes.insert(point.n);
    }
    std::size_t name_width = 9;
    for (const auto& [key, values] : rows)
        name_width = std::max(name_width, key.second.size());
    std::string text = "median ms";
    text.resize(name_width, ' ');
    for (std::uint64_t n : sizes) {
        std::string column = format_size(n);
        text += padding_before(column.size()) + column;
    }
    text += '\n';
    for (const auto& [key, values] : rows) {
        std::string line = key.second;
        line.resize(name_width, ' ');
        for (std::uint64_t n : sizes) {
            const auto found = values.find(n);
            const std::string cell = found == values.end() ? "—" : format_ms(found->second);
            // "—" is three bytes but one column wide
            const std::size_t width = found == values.end() ? 1 : cell.size();
            line += padding_before(width) + cell;
        }
        text += line + '\n';
    }
    return text;
}

} // namespace

std::string bench_table_text(const BenchRun& run, bool with_transfers) {
    if (!names_scans(run))
        return single_scan_table(run, with_transfers);
    // One table per scan, each under its name: rows of different scans are different measurements.
    std::string text;
    for (const BenchScan& scan : scans_of(run)) {
        if (!text.empty())
            text += '\n';
        text += bench_scan_name(scan);
        text += '\n';
        text += single_scan_table(run_of_scan(run, scan), with_transfers);
    }
    return text;
}

} // namespace prefixlab
