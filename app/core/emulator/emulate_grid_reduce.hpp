// Runs a multi-block reduction in the CPU emulator (kernels/grid/grid_reduce_plan.hpp): each launch one
// emulated grid under the schedule, as emulate_grid_scan runs the scans' drivers.
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "kernels/grid/grid_reduce_request.hpp"

#include <cstdint>

namespace prefixlab {

// The total as its 32-bit pattern. Throws std::invalid_argument for an empty input, a kernel that is
// not a block reduction or threads the rule refuses, and EmulationError for a kernel error.
std::uint32_t emulate_grid_reduce(const GridReduceRequest& request, const GridSchedule& schedule,
                                  GridRecording* recording = nullptr);

} // namespace prefixlab
