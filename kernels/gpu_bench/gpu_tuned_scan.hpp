// Host interface to PrefixLab's tuned scan on the GPU: the register-tile single-pass scan with decoupled
// look-back (kernels/grid/register_tile_scan.cuh), untraced, with the tile the tuning sweep chose; and
// its deterministic form, reduce-then-scan around the same register tile (every combination in a fixed
// order, so float sums give the same bits on every run, at the cost of reading the input twice).
// Plain C++: a build without CUDA links gpu_grid_scan_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// The tuned tile: threads per block × elements per thread. 256 × 48 was the fastest of `prefixlab tune`
// on the H100 at 2^28 and 2^30 with the kernel at 80 registers (3 blocks an SM; capped:
// RegisterTileScan::kMaxRegisters). docs/tuned-scan.md has the tables.
inline constexpr int kTunedScanThreads = 256;
inline constexpr int kTunedScanItems = 48;

struct TunedScanRequest {
    std::vector<std::uint32_t> input; // 4-byte elements as their bit patterns
    ElementType type = ElementType::uint32;
    ScanOperator op = ScanOperator::add;
    bool exclusive = false;
    bool deterministic = false; // reduce-then-scan: identical bits every run, also for float sums
    int threads = kTunedScanThreads;
};

// Uploads the input, scans it and returns the output as 32-bit patterns. Throws std::invalid_argument
// (empty input, a thread count the tile cannot take), CudaError.
std::vector<std::uint32_t> gpu_run_tuned_scan(const TunedScanRequest& request);

} // namespace prefixlab
