// Host interface to bucketing on the GPU, untraced (kernels/grid/bucket_plan.hpp, issue 37): what the tests
// run. Plain C++: callers need no CUDA headers; a build without CUDA links gpu_grid_unavailable.cpp, which
// refuses with the reason.
#pragma once

#include "kernels/grid/bucket_plan.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// Uploads the keys, buckets them by `method` into `bins` buckets (tiles of 256 × kOnesweepItems keys) and
// returns them in bucket order. Throws std::invalid_argument (no keys, buckets outside 1 … kMaxBuckets),
// CudaError.
std::vector<std::uint32_t> gpu_run_bucketing(const std::vector<std::uint32_t>& keys, std::uint32_t bins,
                                             BucketMethod method);

} // namespace prefixlab
