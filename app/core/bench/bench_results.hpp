// What a benchmark run produced: where and how it was measured, and one point per (algorithm, N,
// block size) with the statistics of its repeated timings. Results files (bench_json.hpp), CSV
// tables, plots and the GUI all read this model; nothing else carries timings.
//
// Units: times in milliseconds, N in elements (4 bytes each, whatever the scan's type).
#pragma once

#include "core/bench/sample_stats.hpp"
#include "kernels/bench/gpu_bench.hpp" // BenchScan

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

// Where the numbers come from: enough to tell a reader of a slide what machine and software made it.
struct BenchEnvironment {
    std::string device;          // GPU name, e.g. "NVIDIA H100 80GB HBM3"; empty when no GPU was used
    std::string driver;          // NVIDIA driver version, e.g. "580.159.04"; empty without GPU
    std::string cuda_runtime;    // e.g. "13.0"; empty without GPU
    std::string cpu_model;       // from /proc/cpuinfo, e.g. "AMD EPYC 9654 96-Core Processor"
    int cpu_threads = 0;         // hardware threads the CPU baselines may use
    std::string host;            // the machine's host name
    std::string date;            // ISO 8601 UTC, e.g. "2026-11-22T14:03:11Z"
    std::string command;         // the command line that produced the run
    std::string prefixlab_version;
};

// How every point was measured. Which scan (element type, operator, inclusive or exclusive) is each
// point's own (BenchPoint::scan).
struct BenchMethod {
    std::string input = "random"; // the input generator (splitmix64 from `seed`)
    std::uint64_t seed = 1;
    int warmup = 3;               // untimed runs before the timed ones
    int repetitions = 20;         // timed runs per point
    bool l2_flushed = true;       // GPU: the L2 cache is overwritten before every timed run
    std::string gpu_timer = "CUDA events";
    std::string cpu_timer = "std::chrono::steady_clock";
};

// A phase of a multi-block driver, timed with CUDA events between its kernels.
struct PhaseTiming {
    std::string name; // "block scans", "spine", "propagate" (scan-then-propagate), "reduce", "spine", "scan"
    SampleStats ms;
};

struct BenchPoint {
    std::string algorithm;     // a name from bench_algorithms() (bench_catalog.hpp)
    BenchScan scan;            // what it scanned: element type, operator, inclusive or exclusive
    std::uint64_t n = 0;
    int block_threads = 0;     // threads per block; 0 where the algorithm has none (CPU, CUB, Thrust, copy)
    // The tuned scans' elements per thread, where the tuning sweep (`prefixlab tune`) timed a tile
    // other than the tuned one: one of tuned_scan_item_choices(). 0: the algorithm's own tile (the tuned
    // tile's kTunedScanItems for the tuned scans; the others have no such choice). A field rather than
    // a name ("tuned-look-back/16"): the algorithm stays one catalog entry, with its colour, marker,
    // preset role and GPU method, as block_threads does for the block size. elements_per_thread() reads it.
    int items = 0;
    std::vector<double> samples_ms; // every timed repetition, in order
    SampleStats ms;                 // of samples_ms: kernel only (GPU) or the scan itself (CPU)
    std::optional<SampleStats> with_transfers_ms; // GPU: host-to-device + scan + device-to-host
    std::vector<PhaseTiming> phases;              // multi-block drivers only
    bool verified = false;     // output equal to the CPU reference (unverified points are not written)
};

struct BenchRun {
    int format_version = 2;    // of the file it was read from (1 or 2); a run is always written as 2
    std::string label;         // shown in legends, e.g. "NVIDIA H100 80GB HBM3, 2026-11-22"
    BenchEnvironment environment;
    BenchMethod method;
    std::vector<BenchPoint> points;
    std::vector<std::string> skipped; // one line per point not measured, naming why ("N = 2^31: needs …")
    bool cancelled = false;           // the user stopped the run; the finished points are kept
};

// The label a run gets unless it was given one: its GPU (or CPU) and date.
std::string default_run_label(const BenchRun& run);
// A short name for a run in legends next to other runs: its own label if it was given one, else its
// GPU's model ("H100") or "CPU".
std::string run_tag(const BenchRun& run);
// The name of the machine a run's CPU baselines ran on, for their legend entries: its own label if it
// was given one, else the CPU's model, shortened, and the host ("Intel Xeon on vm").
std::string cpu_run_tag(const BenchRun& run);
// "Intel(R) Xeon(R) Processor" -> "Intel Xeon", "AMD EPYC 9654 96-Core Processor" -> "AMD EPYC 9654".
std::string short_cpu_model(const std::string& model);

// The elements per thread a point's tile had: its items, or the tuned tile's where that is 0 and the
// algorithm is a tuned scan; 0 for algorithms without the choice.
int elements_per_thread(const BenchPoint& point);
// Whether a point's tile is its algorithm's own (items 0): the N plots and the block sweep show those
// only; the tuning sweep's other tiles are its own plot's (bench_tuning.hpp).
inline bool has_own_tile(const BenchPoint& point) { return point.items == 0; }

// Derived figures: one function per fact, used by tables, plots and exports alike.
// Bytes a scan must move at least: read N elements and write N (the copy baseline moves the same).
double bytes_moved(std::uint64_t n);
// Effective bandwidth in GB/s (10^9 bytes per second) at a time in ms.
double effective_gbps(std::uint64_t n, double ms);
// Elements per second in units of 10^9.
double gelements_per_second(std::uint64_t n, double ms);
// The fraction of the copy's speed a point reaches: the median of the copy point of the same run, scan
// and N over the point's median (0.85: the scan moves its N in and N out at 85% of the rate a
// device-to-device copy of the same bytes does; above 1 where it beats the copy). Kernel times only,
// never with transfers. nullopt where the run has no such copy point, or either median is not positive.
std::optional<double> copy_speed_fraction(const BenchRun& run, const BenchPoint& point);
// The spread of that fraction for error bars: the copy's median over the point's mean + std and over
// its mean − std, each held within the point's min and max (the copy's median is one number, so the
// point's spread in time is the fraction's). {low, high}; nullopt where copy_speed_fraction() is.
std::optional<std::pair<double, double>> copy_speed_fraction_spread(const BenchRun& run, const BenchPoint& point);
// The copy point copy_speed_fraction() measures `point` against, or nullptr: the first of the run at the
// point's scan and N. A search of the run; callers with many points find each copy once.
const BenchPoint* copy_point_for(const BenchRun& run, const BenchPoint& point);
// The same two figures against a copy point already found (nullptr: nullopt).
std::optional<double> copy_speed_fraction(const BenchPoint* copy, const BenchPoint& point);
std::optional<std::pair<double, double>> copy_speed_fraction_spread(const BenchPoint* copy,
                                                                    const BenchPoint& point);
// Whether the run holds any copy point (the table shows fractions of its speed only then).
bool has_copy_points(const BenchRun& run);

} // namespace prefixlab
