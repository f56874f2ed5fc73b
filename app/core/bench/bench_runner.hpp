// Runs a benchmark sweep: for each N (ascending) and each scan (element type, operator, inclusive or
// exclusive), the input and its CPU reference are made once; every GPU method is timed on one device
// session (kernel-only, with transfers composed from the pinned-memory copies timed at that N), then
// every CPU baseline; each point is verified against the reference before it counts (bit for bit,
// float sums within output_check.hpp's rounding bound). Sizes that do not fit in host or device memory are skipped with
// a message and the sweep goes on; cancelling keeps the points already finished.
//
// The observer hears of progress, points and skips as they happen (from the thread running the
// sweep): the command line prints them, the GUI's benchmark panel plots them live.
#pragma once

#include "core/bench/bench_results.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

struct BenchSpec {
    std::vector<std::string> algorithms; // names from bench_algorithms()
    std::vector<BenchScan> scans = {kDefaultBenchScan}; // each timed at every size (bench_scan.hpp)
    std::vector<std::uint64_t> sizes;    // N, any order (run ascending)
    std::vector<int> block_sizes;        // threads per block; empty: each algorithm's default
    // The sizes at which block_sizes apply; the others run each algorithm's default block size only.
    // Empty: every size. (One run can then hold an N sweep and a block sweep at one N.)
    std::vector<std::uint64_t> block_sweep_sizes;
    // The tuned scans' elements per thread (the tuning sweep, bench_tuning.hpp), each timed at every
    // block size, for uint32 + (the other scans are built with the tuned tile only): from
    // tuned_scan_item_choices(). Empty: the tuned tile only. The other algorithms ignore it.
    std::vector<int> items_per_thread;
    int repetitions = 20;
    int warmup = 3;
    std::uint64_t seed = 1;
    std::string command; // recorded in the environment
    std::string label;   // legend label; empty: device (or CPU) and date
    // Tests: pretend the GPU has only this much free memory (to exercise skipping).
    std::optional<std::size_t> gpu_memory_limit;
};

// The ranges of a sweep's settings, shared by validate_bench_spec, `prefixlab bench` and the script.
inline constexpr int kMaxBenchRepetitions = 1000;
inline constexpr int kMaxBenchWarmup = 100;

// Throws BenchSpecError (bench_sizes.hpp) naming the first problem: unknown algorithm, no scan, no sizes,
// a block size that is not a power of two in 32..1024, elements per thread not among
// tuned_scan_item_choices(), fewer than 1 repetition or more than 1000.
void validate_bench_spec(const BenchSpec& spec);


struct BenchProgress {
    double fraction = 0;     // 0..1, weighted by the expected cost of each point
    double elapsed_s = 0;
    double remaining_s = -1; // estimate; negative until there is something to estimate from
    std::string activity;    // e.g. "stp-blelloch, N = 2^24, block 512"
};

class BenchObserver {
public:
    virtual ~BenchObserver() = default;
    virtual void on_progress(const BenchProgress&) {}
    virtual void on_point(const BenchPoint&) {}
    virtual void on_skip(const std::string& /*message*/) {}
    // A point that ran but whose output differed from the reference: not counted.
    virtual void on_failure(const std::string& /*message*/) {}
    virtual bool cancelled() { return false; }
    // At the end: where the sweep's time went, one line ("sweep took 41.2 s: 3.1 s inputs …").
    virtual void on_summary(const std::string& /*line*/) {}
};

// The run's points, skips (failures included, prefixed "FAILED: ") and environment. A GPU method that
// does not time a scan (gpu_scan_times_scan: our drivers time uint32 + only) is skipped for it with
// one line ("rts-blelloch: times uint32-add only"). A point named twice by the spec (an algorithm,
// scan, N or block size listed twice) is measured once, so the run always
// passes the results writer's checks (write_bench_json). Throws BenchSpecError for an invalid spec;
// GPU errors other than lack of memory propagate.
BenchRun run_bench(const BenchSpec& spec, BenchObserver& observer);

// Why a run that has no point measured nothing, for the one line `prefixlab bench` and the script's
// wait-bench print: "cancelled before the first point", the first skip ("no CUDA GPU …, and 7 more
// skipped"), or "no point to run".
std::string why_nothing_measured(const BenchRun& run);

} // namespace prefixlab
