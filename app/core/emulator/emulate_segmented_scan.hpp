// Runs the segmented scan across blocks in the CPU emulator (kernels/grid/segmented_scan_plan.hpp): its launch one
// emulated grid under the schedule, with the traced runs' small tiles.
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "kernels/grid/segmented_scan_plan.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// The inclusive scan of `values` restarting at every head of `keys` (a key that differs from the one before), uint32
// sums, by tiles of `threads` × kSegmentedTracedItems. Throws std::invalid_argument for no values, keys and values
// of different lengths or threads not a multiple of 32 up to 1024; EmulationError for a kernel error or a deadlock.
std::vector<std::uint32_t> emulate_segmented_scan(const std::vector<std::uint32_t>& keys,
                                                  const std::vector<std::uint32_t>& values, const GridSchedule& schedule,
                                                  int threads = kSegmentedTracedThreads,
                                                  GridRecording* recording = nullptr);

} // namespace prefixlab
