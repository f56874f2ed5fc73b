// Host interface to the multi-block radix sort on the GPU, untraced (kernels/gpu/grid_sort.cuh): what the
// tests run. Plain C++: callers need no CUDA headers; a build without CUDA links gpu_grid_unavailable.cpp,
// which refuses with the reason.
#pragma once

#include "kernels/grid/grid_sort_request.hpp"

namespace prefixlab {

// Uploads the keys (and values), sorts them as the request says and returns them in order. Throws
// std::invalid_argument (a request require_sort_request refuses), CudaError.
GridSortResult gpu_run_grid_sort(const GridSortRequest& request);

} // namespace prefixlab
