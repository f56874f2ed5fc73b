// A benchmark run as a plain-text table for terminals and notes: one row per (algorithm, block
// size), one column per N, medians in ms; "—" where a point is missing. Where the run timed the copy,
// a second table under it, "% of copy speed": one row per GPU algorithm (and block size), each cell
// copy_speed_fraction() ("85%"; "—" where the point or the copy at that N is missing). A run that
// names its scans (bench_scan.hpp) gets one such pair per scan, each under the scan's name.
#pragma once

#include "core/bench/bench_results.hpp"

#include <string>

namespace prefixlab {

std::string bench_table_text(const BenchRun& run, bool with_transfers = false);

// A time in ms with three significant digits: "0.0123", "1.23", "217".
std::string format_ms(double ms);
// A fraction as a whole percentage: 0.853 -> "85%", 1.04 -> "104%".
std::string format_percent(double fraction);

} // namespace prefixlab
