#include "core/bench/bench_table.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

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

std::string format_percent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.0f%%", fraction * 100);
    return text;
}

namespace {

constexpr std::size_t kColumnWidth = 9;
constexpr const char* kCopySpeedCorner = "% of copy speed";

// The spaces that right-align a cell `width` columns wide: at least one, so a cell wider than the
// column (a size or time of many digits, which a results file may hold) widens its row instead of
// the unsigned `kColumnWidth - width` wrapping round (the fuzzer's first find: a 2^64-byte string).
std::string padding_before(std::size_t width) {
    return std::string(width < kColumnWidth ? kColumnWidth - width : 1, ' ');
}

// A row's place: catalog order (unknown names last), then block size and elements per thread as
// numbers (64 before 512, 8 before 16: their names would sort "@512" before "@64"), then the name.
using RowKey = std::tuple<std::size_t, int, int, std::string>;

// A table's rows, each a cell per N; the sizes are the columns.
struct TableRows {
    std::set<std::uint64_t> sizes;
    std::map<RowKey, std::map<std::uint64_t, std::string>> rows;
};

std::size_t catalog_index(const std::string& algorithm) {
    const auto& catalog = bench_algorithms();
    for (std::size_t i = 0; i < catalog.size(); ++i)
        if (catalog[i].name == algorithm)
            return i;
    return catalog.size();
}

// A row's name: the algorithm, its block size where it has one ("stp-blelloch @512"), and a tuning
// sweep's elements per thread where the tile is not the algorithm's own ("tuned-look-back @256 16/thread").
std::string row_name(const BenchPoint& point) {
    std::string name = point.algorithm;
    if (point.block_threads > 0)
        name += " @" + std::to_string(point.block_threads);
    if (!has_own_tile(point))
        name += " " + std::to_string(point.items) + "/thread";
    return name;
}

// `corner` above the row names, a column per size, "—" where a row has no cell.
std::string table_text(const std::string& corner, const TableRows& table) {
    std::size_t name_width = std::max<std::size_t>(9, corner.size());
    for (const auto& [key, cells] : table.rows)
        name_width = std::max(name_width, std::get<3>(key).size());
    std::string text = corner;
    text.resize(name_width, ' ');
    for (std::uint64_t n : table.sizes) {
        std::string column = format_size(n);
        text += padding_before(column.size()) + column;
    }
    text += '\n';
    for (const auto& [key, cells] : table.rows) {
        std::string line = std::get<3>(key);
        line.resize(name_width, ' ');
        for (std::uint64_t n : table.sizes) {
            const auto found = cells.find(n);
            const std::string cell = found == cells.end() ? "—" : found->second;
            // "—" is three bytes but one column wide
            const std::size_t width = found == cells.end() ? 1 : cell.size();
            line += padding_before(width) + cell;
        }
        text += line + '\n';
    }
    return text;
}

// The table of one scan's points (or of a run of the default scan alone): the medians, and where the
// run timed the copy, each GPU algorithm's fraction of its speed under them.
std::string single_scan_table(const BenchRun& run, bool with_transfers) {
    TableRows medians, fractions;
    for (const BenchPoint& point : run.points) {
        const RowKey key{catalog_index(point.algorithm), point.block_threads, point.items, row_name(point)};
        const double ms =
            with_transfers && point.with_transfers_ms ? point.with_transfers_ms->median : point.ms.median;
        medians.rows[key][point.n] = format_ms(ms);
        medians.sizes.insert(point.n);
        const BenchAlgorithm* algorithm = find_bench_algorithm(point.algorithm);
        if (algorithm == nullptr || algorithm->target != BenchTarget::gpu || algorithm->gpu.kind == GpuScanKind::copy)
            continue;
        fractions.sizes.insert(point.n);
        if (const auto fraction = copy_speed_fraction(run, point))
            fractions.rows[key][point.n] = format_percent(*fraction);
        else
            fractions.rows[key]; // a row of "—": the copy was not timed at this N
    }
    std::string text = table_text("median ms", medians);
    if (has_copy_points(run) && !fractions.rows.empty())
        text += '\n' + table_text(kCopySpeedCorner, fractions);
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
