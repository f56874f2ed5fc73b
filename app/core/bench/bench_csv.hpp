// Benchmark results as a CSV table for spreadsheets and scripts: one row per point, preceded by
// '#' comment lines with the environment and method, so a CSV on its own says where it came from
// (pandas: read_csv(path, comment='#')). Columns are documented in docs/bench-format.md.
#pragma once

#include "core/bench/bench_results.hpp"

#include <string>

namespace prefixlab {

// The whole file's text: comment lines, header, one row per point in the run's order.
std::string bench_csv_text(const BenchRun& run);

// Atomic: the file appears whole or not at all (FileError on an unwritable path).
void write_bench_csv(const std::string& path, const BenchRun& run);

// The column of a phase's median: "block scans" -> "phase_block_scans_median_ms".
std::string phase_column_name(const std::string& phase);

} // namespace prefixlab
