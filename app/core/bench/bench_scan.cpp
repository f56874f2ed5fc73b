#include "core/bench/bench_scan.hpp"

#include "core/bench/bench_sizes.hpp"
#include "core/ground/kernel_names.hpp"

#include <algorithm>

namespace prefixlab {

namespace {

constexpr std::string_view kExclusiveSuffix = "-exclusive";

std::string scan_names_list() {
    std::string types, ops;
    for (ElementType type : all_element_types())
        types += (types.empty() ? "" : ", ") + std::string(name_of(type));
    for (ScanOperator op : all_scan_operators())
        ops += (ops.empty() ? "" : ", ") + std::string(name_of(op));
    return "TYPE-OP or TYPE-OP-exclusive, TYPE one of " + types + ", OP one of " + ops;
}

} // namespace

const std::vector<BenchScan>& all_bench_scans() {
    static const std::vector<BenchScan> scans = [] {
        std::vector<BenchScan> all;
        for (ElementType type : all_element_types())
            for (ScanOperator op : all_scan_operators())
                for (bool exclusive : {false, true})
                    all.push_back({type, op, exclusive});
        return all;
    }();
    return scans;
}

std::string bench_scan_name(const BenchScan& scan) {
    std::string name = std::string(name_of(scan.type)) + "-" + std::string(name_of(scan.op));
    return scan.exclusive ? name + std::string(kExclusiveSuffix) : name;
}

std::optional<BenchScan> parse_bench_scan(std::string_view name) {
    BenchScan scan;
    if (name.ends_with(kExclusiveSuffix)) {
        scan.exclusive = true;
        name.remove_suffix(kExclusiveSuffix.size());
    }
    const std::size_t dash = name.find('-');
    if (dash == std::string_view::npos)
        return std::nullopt;
    const auto type = parse_element_type(name.substr(0, dash));
    const auto op = parse_scan_operator(name.substr(dash + 1));
    if (!type || !op)
        return std::nullopt;
    scan.type = *type;
    scan.op = *op;
    return scan;
}

std::vector<BenchScan> parse_bench_scans(std::string_view list) {
    std::vector<BenchScan> scans;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = std::min(list.find(',', start), list.size());
        std::string_view item = list.substr(start, comma - start);
        while (!item.empty() && item.front() == ' ')
            item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ')
            item.remove_suffix(1);
        const auto scan = parse_bench_scan(item);
        if (!scan)
            throw BenchSpecError("--scans '" + std::string(item) + "': expected " + scan_names_list());
        if (std::find(scans.begin(), scans.end(), *scan) == scans.end())
            scans.push_back(*scan);
        start = comma + 1;
    }
    return scans;
}

std::string bench_scan_phrase(const BenchScan& scan) {
    return std::string(name_of(scan.type)) + " " + std::string(symbol_of(scan.op)) +
           (scan.exclusive ? ", exclusive" : "");
}

std::vector<BenchScan> scans_of(const BenchRun& run) {
    std::vector<BenchScan> scans;
    for (const BenchPoint& point : run.points)
        if (std::find(scans.begin(), scans.end(), point.scan) == scans.end())
            scans.push_back(point.scan);
    return scans;
}

bool names_scans(const BenchRun& run) {
    return std::any_of(run.points.begin(), run.points.end(),
                       [](const BenchPoint& point) { return point.scan != kDefaultBenchScan; });
}

BenchRun run_of_scan(const BenchRun& run, const BenchScan& scan) {
    BenchRun only = run;
    std::erase_if(only.points, [&](const BenchPoint& point) { return point.scan != scan; });
    return only;
}

} // namespace prefixlab
