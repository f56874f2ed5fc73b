// Host interface to the grid scans on the GPU, every driver (kernels/gpu/grid_driver_scan.cuh), the
// untraced instantiation. Plain C++: callers need no CUDA headers; a build without CUDA links
// gpu_grid_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/grid/grid_scan_request.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// Uploads the input, scans it with the request's driver and returns the output as 32-bit patterns. Throws
// std::invalid_argument (empty input, tile threads the body cannot take), CudaError.
std::vector<std::uint32_t> gpu_run_grid_scan(const GridScanRequest& request);

// One scan, planned for the whole input, run on input[0, n) for each n of `sizes` in turn (each from 1
// to the input's size); returns each run's output. What runs one after another share, the single-pass
// status words each run clears for the next (kernels/gpu/grid_driver_scan.cuh), is what this is for.
std::vector<std::vector<std::uint32_t>> gpu_run_grid_scans(const GridScanRequest& request,
                                                           const std::vector<std::size_t>& sizes);

} // namespace prefixlab
