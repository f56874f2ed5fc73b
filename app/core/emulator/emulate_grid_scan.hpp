// Runs a single-pass grid scan (kernels/grid/single_pass_scan.cuh) in the CPU emulator, one emulated
// block per tile, under a grid schedule (emulated_grid.hpp), and returns the output as 32-bit patterns.
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "kernels/grid/grid_scan_request.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// Throws std::invalid_argument for an empty input or tile threads the body cannot take, and
// EmulationError for a kernel error or a deadlock (chained scan, tiles by block index, few resident).
// With a recording, the launch, every access to the grid's shared arrays and (if it keeps them) each
// block's trace are added to it, for a grid trace.
std::vector<std::uint32_t> emulate_grid_scan(const GridScanRequest& request, const GridSchedule& schedule,
                                             GridRecording* recording = nullptr);

} // namespace prefixlab
