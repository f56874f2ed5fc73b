// Every algorithm `prefixlab bench` can time, by name: our multi-block drivers around each block
// scan, the library baselines and the CPU baselines. The command line, the GUI's benchmark panel,
// plots (colours, dashes) and results files all take names and properties from here.
//
//   stp-<block scan>      scan-then-propagate (4N memory operations)
//   rts-<block scan>      reduce-then-scan (3N)
//   global-hillis-steele  Hillis–Steele in global memory, scan-then-propagate
//   two-level             Merrill's two-level reduce-then-scan (a fixed number of blocks), 3N
//   atomic-global         the lecture's atomic global scan (tiles²/2 atomics), run up to N = 2^24 only
//   chained               single-pass chained scan (tile counter)
//   decoupled-look-back   single-pass scan with decoupled look-back (tile counter)
//                         (these four around the warp-shuffle block scan, 1024-element tiles)
//   tuned-look-back       PrefixLab's tuned scan: single pass, decoupled look-back, a register tile of
//                         128 threads × 24 elements (docs/tuned-scan.md)
//   tuned-reduce-then-scan  its deterministic form (the same tile, reduce-then-scan: 3N)
//   cub, thrust           cub::DeviceScan::InclusiveScan / ExclusiveScan, thrust::inclusive_scan / exclusive_scan
//   copy                  device-to-device copy of the same bytes: the speed-of-light line
//   cpu-loop, cpu-std     serial: a plain loop, std::inclusive_scan
//   cpu-parallel          every core (CpuParallelScan)
#pragma once

#include "kernels/bench/gpu_bench.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

enum class BenchTarget { cpu, gpu };
enum class CpuScanKind { loop, std_scan, parallel };

struct BenchAlgorithm {
    std::string name;        // e.g. "stp-" and a block scan's name
    std::string description; // a phrase for --list and tooltips
    BenchTarget target = BenchTarget::gpu;
    GpuScanMethod gpu;       // target == gpu
    CpuScanKind cpu = CpuScanKind::loop; // target == cpu
    bool baseline = false;   // a reference line (copy, CPU): plots draw it dashed
    int default_threads = 0; // threads per block by default; 0: no block size (library and CPU)
    std::uint64_t max_n = 0; // the largest N it is timed at (skipped above, with the reason); 0: no limit
};

// Why an algorithm is not timed above its max_n, for the skip message and --list.
std::string max_n_reason(const BenchAlgorithm& algorithm);

// In the order --list prints and legends show them.
const std::vector<BenchAlgorithm>& bench_algorithms();
const BenchAlgorithm* find_bench_algorithm(std::string_view name);

// The elements per thread the tuned scans can be timed with (tuned_scan_item_choices(): the tuning
// sweep's choices), as messages list them: "8, 12, 16, 20, 24, 32, 40, 48".
std::string item_choices_text();

// "all", "gpu", "cpu" or names, comma-separated, to names in catalog order as written, each once (the
// first time it appears). Throws BenchSpecError (bench_sizes.hpp) naming an unknown algorithm.
std::vector<std::string> expand_bench_algorithms(std::string_view list);

// The block scans the multi-block drivers wrap (stp-, rts-): every correct one of the kernel catalogue,
// in its order.
const std::vector<BlockAlgorithm>& bench_block_scans();

// The multi-block scans a textbook teaches, in the order a lecture reaches for them: each driver with
// the block scans whose catalogue entries give a kTextbookOrder, scan-then-propagate first.
const std::vector<std::string>& textbook_bench_scans();

inline bool has_block_size(const BenchAlgorithm& algorithm) { return algorithm.default_threads > 0; }

} // namespace prefixlab
