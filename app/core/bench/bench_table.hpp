// A benchmark run as a plain-text table for terminals and notes: one row per (algorithm, block
// size), one column per N, medians in ms; "—" where a point is missing. A run that names its scans
// (bench_scan.hpp) gets one such table per scan, each under the scan's name.
#pragma once

#include "core/bench/bench_results.hpp"

#include <string>

namespace prefixlab {

std::string bench_table_text(const BenchRun& run, bool with_transfers = false);

// A time in ms with three significant digits: "0.0123", "1.23", "217".
std::string format_ms(double ms);

} // namespace prefixlab
