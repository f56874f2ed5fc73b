// Host interface to the grid scans on the GPU, every driver (kernels/device/grid_driver_scan.cuh), the
// untraced instantiation. Plain C++: callers need no CUDA headers; a build without CUDA links
// gpu_grid_scan_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/grid/grid_scan_request.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// Uploads the input, scans it with the request's driver and returns the output as 32-bit patterns. Throws
// std::invalid_argument (empty input, tile threads the body cannot take), CudaError.
std::vector<std::uint32_t> gpu_run_grid_scan(const GridScanRequest& request);

} // namespace prefixlab
