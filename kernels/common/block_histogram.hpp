// What the block histogram kernels share (issue 37; PMPP chapter 9's progression, one file each):
//   histogram-global-atomics   every key adds 1 to its bin in global memory
//   histogram-shared-atomics   privatised: the block counts in shared memory, then writes its counts out
//   histogram-warp-private     a copy of the bins for each warp, added up at the end
//   histogram-aggregated       a warp's keys of one bin matched by ballots: their lowest lane adds them all
// One key a thread; a key's bin is block_bucket's (its lowest two bits: 4 bins), as bucketing's, so that the
// bucketing kernels read as a histogram and then a placement. The output: out[b] is the count of bin b, for
// b < min(n, 4); the other outputs are not written (the kind `histogram`). With fewer than 4 keys the bins from
// n up have no output word: their keys are not counted (a lecture's histogram has many keys).
#pragma once

#include "kernels/common/block_bucket.hpp"
#include "kernels/common/host_device.hpp"

#include <cstdint>

namespace prefixlab {

inline constexpr int kBlockBins = kBlockBuckets;

// The bins that have an output word: min(n, 4).
PL_HOST_DEVICE constexpr int block_bins_out(int n) { return n < kBlockBins ? n : kBlockBins; }

} // namespace prefixlab
