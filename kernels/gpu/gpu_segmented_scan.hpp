// Host interface to the segmented scan on the GPU, untraced (kernels/grid/segmented_scan_plan.hpp, issue 37): what
// the tests run. Plain C++: callers need no CUDA headers; a build without CUDA links gpu_grid_unavailable.cpp, which
// refuses with the reason.
#pragma once

#include <cstdint>
#include <vector>

namespace prefixlab {

// Uploads keys and values, scans the values by their segments (a head where a key differs from the one before) in
// tiles of 256 × kSegmentedItems (or the traced runs' small tiles, `small_tiles`), and returns the scan. Throws
// std::invalid_argument (no values, keys and values of different lengths), CudaError.
std::vector<std::uint32_t> gpu_run_segmented_scan(const std::vector<std::uint32_t>& keys,
                                                  const std::vector<std::uint32_t>& values, bool small_tiles = false);

} // namespace prefixlab
