// The scans a benchmark times, by name: element type and operator as the rest of PrefixLab names them
// (kernel_names.hpp: "int32", "uint32", "float"; "add", "max", "min"), joined by '-', with "-exclusive"
// for an exclusive scan: "uint32-add", "float-max-exclusive". `prefixlab bench --scans`, results
// files, CSV columns, tables, plot file names and the GUI's scan picker all use these names.
#pragma once

#include "core/bench/bench_results.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

// Every scan a benchmark can time: each element type × operator, inclusive then exclusive, in the
// order of kernel_names' lists (the script's bench-scan, the export's file names).
const std::vector<BenchScan>& all_bench_scans();

// "uint32-add", "int32-max-exclusive".
std::string bench_scan_name(const BenchScan& scan);
// The inverse of bench_scan_name; nullopt for anything else.
std::optional<BenchScan> parse_bench_scan(std::string_view name);
// A comma-separated list of names, each taken once (first appearance first). Throws BenchSpecError
// (bench_sizes.hpp) naming the bad item and the accepted form.
std::vector<BenchScan> parse_bench_scans(std::string_view list);

// The scan as a plot's subtitle says it: "uint32 +", "float max, exclusive".
std::string bench_scan_phrase(const BenchScan& scan);

// The scans a run's points hold, in the order they first appear.
std::vector<BenchScan> scans_of(const BenchRun& run);
// Whether a run must say which scan each figure is of: it holds a scan other than the default
// (uint32 +, inclusive). Runs of the default scan alone print and plot as they always did.
bool names_scans(const BenchRun& run);
// The run with only the points of one scan (its skips and everything else kept).
BenchRun run_of_scan(const BenchRun& run, const BenchScan& scan);

} // namespace prefixlab
