// Host interface to the multi-block reductions on the GPU, untraced (kernels/gpu/grid_reduce.cuh): what
// the tests and `prefixlab reduce` run. Plain C++: callers need no CUDA headers; a build without CUDA
// links gpu_grid_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/grid/grid_reduce_request.hpp"

#include <cstdint>

namespace prefixlab {

// Uploads the input, reduces it as the request says and returns the total's 32-bit pattern. Throws
// std::invalid_argument (empty input, a kernel that is no block reduction, threads it cannot take),
// CudaError.
std::uint32_t gpu_run_grid_reduce(const GridReduceRequest& request);

} // namespace prefixlab
