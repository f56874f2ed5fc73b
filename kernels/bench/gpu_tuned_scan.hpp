// Host interface to PrefixLab's tuned scan on the GPU: the register-tile single-pass scan with decoupled
// look-back (kernels/grid/register_tile_scan.cuh), untraced, with the tile the tuning sweep chose; and
// its deterministic form, reduce-then-scan around the same register tile (every combination in a fixed
// order, so float sums give the same bits on every run, at the cost of reading the input twice).
// Plain C++: a build without CUDA links gpu_bench_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// The tuned tile: threads per block × elements per thread. With tiles arriving by bulk copies a tile
// ahead and aggregates published a tile early (register_tile_scan.cuh), 256 × 32 (two 32 KiB stages,
// 3 blocks an SM) was the fastest of the prototype's shapes on the H100 at 2^28 (0.746 ms; 256 × 48,
// 2 blocks an SM, 0.745; CUB 0.876). docs/tuned-scan.md has the tables.
inline constexpr int kTunedScanThreads = 256;
inline constexpr int kTunedScanItems = 32;

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
