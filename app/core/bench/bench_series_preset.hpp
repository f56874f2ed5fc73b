// Which series a benchmark plot shows: "all" of them, or the "lecture" preset — one series of each
// kind a lecture needs (the speed of light, the library, our fastest scan, one textbook scan, the
// serial and the parallel CPU), so a hall sees six lines instead of twenty. The fastest scan is
// found in the data, never named by hand. The GUI's selector, the script command `bench-series` and
// the exports all go through build_bench_plot(), which asks here.
#pragma once

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_results.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

enum class BenchSeriesPreset { all, lecture };

const std::vector<BenchSeriesPreset>& all_bench_series_presets();
std::string_view name_of(BenchSeriesPreset preset); // "all", "lecture"

// What part an algorithm plays in a comparison, from its catalog entry.
enum class BenchRole { copy, library, own_scan, cpu_serial, cpu_parallel };
BenchRole bench_role(const BenchAlgorithm& algorithm);

// The lecture preset's choice for some runs; a kind with no data in them is empty.
struct LectureSeries {
    std::string copy;         // "copy"
    std::string library;      // "cub" (else "thrust")
    std::string fastest_own;  // fastest_own_scan()
    std::string textbook;     // the first of kTextbookScans with data that is not the fastest
    std::string cpu_serial;   // the serial baseline speedups are measured against, else the other
    std::string cpu_parallel; // "cpu-parallel"

    std::vector<std::string> algorithms() const; // the non-empty ones, in the order above
};

// Our own multi-block scan (stp-, rts-, global-) with the lowest median time at the largest N that
// every own scan of the first run with any was measured at: large N is where a scan's bandwidth
// shows, and one N compares like with like. Where no N is common to all, the lowest time per
// element at each scan's own largest N. Empty when no run has an own scan.
std::string fastest_own_scan(const std::vector<const BenchRun*>& runs);

// `serial_baseline`: the speedup plot's baseline (BenchPlotOptions::speedup_baseline).
LectureSeries lecture_series(const std::vector<const BenchRun*>& runs, std::string_view serial_baseline);

// A lesson scene's own series, "cpu-std,cub,tuned-look-back", as its names, and back.
std::vector<std::string> series_list(std::string_view text);
std::string series_text(const std::vector<std::string>& algorithms);

// The algorithms `preset` shows of these runs; for `all`, every algorithm with points.
std::vector<std::string> preset_algorithms(BenchSeriesPreset preset, const std::vector<const BenchRun*>& runs,
                                           std::string_view serial_baseline);

} // namespace prefixlab
