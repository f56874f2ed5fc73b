// Runs the textbook multi-block radix sort in the CPU emulator (kernels/grid/grid_sort_plan.hpp): each
// launch one emulated grid under the schedule, as emulate_grid_compact runs the compactions.
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "kernels/grid/grid_sort_request.hpp"

namespace prefixlab {

// Throws std::invalid_argument for a request require_sort_request refuses, and EmulationError for a
// kernel error or a deadlock.
GridSortResult emulate_grid_sort(const GridSortRequest& request, const GridSchedule& schedule,
                                 GridRecording* recording = nullptr);

} // namespace prefixlab
