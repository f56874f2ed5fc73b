// The warp-exchange probe (tests/support/warp_ops_probe.hpp) on the GPU, in each context a kernel body
// meets there: traced (CudaContext<true>), untraced (CudaContext<false>) and in a traced grid
// (CudaGridContext). Built only with CUDA (tests/CMakeLists.txt).
#pragma once

#include "kernels/common/raw_trace.hpp"
#include "kernels/grid/grid_access.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab::test {

struct WarpOpsGpuRuns {
    RawTrace traced;                        // CudaContext<true>
    std::vector<std::uint32_t> untraced;    // CudaContext<false>'s output
    std::vector<std::uint32_t> grid_output; // CudaGridContext's output
    // CudaGridContext: one atomic per thread after the probe, recorded at the thread's step then
    std::vector<GridAccessRecord> grid_records;
};

// One block of input.size() threads (4, 8, 16 or whole warps).
WarpOpsGpuRuns run_warp_ops_probe_on_gpu(const std::vector<std::uint32_t>& input);

} // namespace prefixlab::test
