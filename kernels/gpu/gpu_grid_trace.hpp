// Host interface to a traced grid run on the GPU: every driver, every tile body, element type and
// operator, run with CudaGridContext (kernels/gpu/cuda_grid_context.cuh), which records each access to
// the arrays the blocks share. Plain C++: callers need no CUDA headers; a build without CUDA links
// gpu_grid_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/grid/grid_access.hpp"
#include "kernels/grid/grid_scan_request.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

struct GpuGridLaunch {
    std::string name;        // the plan's name for it ("scan tiles", "propagate", …)
    std::string source_path; // the body's source file
    std::uint32_t blocks = 0, threads = 0, tile = 0;
};

struct GpuGridRun {
    std::vector<std::uint32_t> output;       // 32-bit patterns
    std::vector<GpuGridLaunch> launches;     // in order
    std::vector<GridAccessRecord> accesses;  // in the global order (accesses[k].order == k)
};

// A traced run in memory holds at most this many accesses (48 bytes each, on the device and on the
// host: 3 GiB each); a trace for a file holds fewer (the caller's limit).
inline constexpr std::uint64_t kMaxGpuGridAccesses = std::uint64_t(1) << 26;

// Runs the request's driver on the GPU, traced. two_level_blocks: B of the two-level scan (the
// emulator's, so that the two runs compare). The driver runs once to count its accesses and again to
// record them (the single-pass drivers' polls vary between runs: the second run is given twice the
// count, and runs again with more if that was not enough). Throws std::invalid_argument (empty input,
// tile threads the body cannot take), std::length_error (more than most_accesses, refused before it
// records them), std::runtime_error (a block opened more than kMaxGridBlockSteps steps), CudaError.
GpuGridRun gpu_trace_grid_scan(const GridScanRequest& request, std::uint32_t two_level_blocks,
                               std::uint64_t most_accesses = kMaxGpuGridAccesses);

} // namespace prefixlab
