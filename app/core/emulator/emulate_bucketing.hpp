// Runs a bucketing of keys (kernels/grid/bucket_plan.hpp) in the CPU emulator: each launch one emulated grid
// under the schedule, with the emulator's small tiles (256 × kOnesweepTracedItems keys), as the sorts run.
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "kernels/grid/bucket_plan.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// The keys in bucket order by `method`. Throws std::invalid_argument for no keys or buckets outside
// 1 … kMaxBuckets, EmulationError for a kernel error.
std::vector<std::uint32_t> emulate_bucketing(const std::vector<std::uint32_t>& keys, std::uint32_t bins,
                                             BucketMethod method, const GridSchedule& schedule,
                                             GridRecording* recording = nullptr);

} // namespace prefixlab
