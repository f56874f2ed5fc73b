// Runs a grid scan in the CPU emulator with any driver (kernels/grid/grid_driver.hpp): the driver's
// launches, as kernels/grid/grid_driver_plan.hpp strings them together, one emulated grid each under
// the same grid schedule (emulated_grid.hpp), and returns the output as 32-bit patterns.
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "kernels/grid/grid_scan_request.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// B of the two-level scan in the emulator: small, so that a test's runs hold many tiles each.
inline constexpr std::uint32_t kEmulatedTwoLevelBlocks = 4;

// Throws std::invalid_argument naming the rule when `threads` is not a tile's thread count `body` can
// take (kernels/grid/tile_threads.hpp): the emulator's and the cost check's (grid_trace_cost.hpp) one rule.
void require_tile_threads(TileScanBody body, int threads);

// Throws std::invalid_argument for an empty input or tile threads the body cannot take, and
// EmulationError for a kernel error or a deadlock (chained scan, tiles by block index, few resident).
// With a recording, every launch (named: "scan tiles", "scan the totals", "propagate", …), every access
// to the grid's shared arrays and (if it keeps them) each block's trace are added to it, for a grid
// trace; its accesses' order runs on from launch to launch.
std::vector<std::uint32_t> emulate_grid_scan(const GridScanRequest& request, const GridSchedule& schedule,
                                             GridRecording* recording = nullptr);

} // namespace prefixlab
