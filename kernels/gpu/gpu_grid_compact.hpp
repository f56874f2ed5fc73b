// Host interface to the multi-block compactions and splits on the GPU, untraced
// (kernels/gpu/grid_compact.cuh): what the tests run. Plain C++: callers need no CUDA headers; a build
// without CUDA links gpu_grid_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/grid/grid_compact_request.hpp"

namespace prefixlab {

// Uploads the input, compacts (splits) it as the request says and returns the output and the kept
// count. Throws std::invalid_argument (empty input, threads the rule refuses), CudaError.
GridCompactResult gpu_run_grid_compact(const GridCompactRequest& request);

} // namespace prefixlab
