// Runs a multi-block compaction or split in the CPU emulator (kernels/grid/grid_compact_plan.hpp): each
// launch one emulated grid under the schedule, as emulate_grid_reduce runs the reductions.
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "kernels/grid/grid_compact_request.hpp"

namespace prefixlab {

// Throws std::invalid_argument for a request require_compact_request refuses, and EmulationError for a
// kernel error or a deadlock. `loop_over_tiles`: the single-pass form's blocks take tiles as the GPU's
// untraced blocks do, several each (the schedule test's), not one each.
GridCompactResult emulate_grid_compact(const GridCompactRequest& request, const GridSchedule& schedule,
                                       GridRecording* recording = nullptr, bool loop_over_tiles = false);

} // namespace prefixlab
