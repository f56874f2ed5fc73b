// Runs a histogram across blocks in the CPU emulator (kernels/grid/histogram_plan.hpp): its launch one
// emulated grid under the schedule, as emulate_grid_sort runs the sorts.
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "kernels/grid/histogram_tiles.cuh"

#include <cstdint>
#include <vector>

namespace prefixlab {

// The counts of keys in `bins` bins of equal width (histogram_bin) by `method`. Throws std::invalid_argument
// for no keys or bins outside 1 … kMaxHistogramBins, EmulationError for a kernel error.
std::vector<std::uint32_t> emulate_histogram(const std::vector<std::uint32_t>& keys, std::uint32_t bins,
                                             HistogramMethod method, const GridSchedule& schedule,
                                             GridRecording* recording = nullptr);

} // namespace prefixlab
