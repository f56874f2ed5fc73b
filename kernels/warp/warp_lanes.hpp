// The lanes of a warp that exist in a block: every warp of a block has 32 but the last, which has
// what is left (a block of 8 threads is one warp of 8 lanes). A shuffle names exactly these lanes in
// its mask: naming a lane that does not exist is undefined on the GPU (and an error in the emulator),
// and leaving out one that does splits the warp (an H100 hung when such a warp met __syncthreads).
#pragma once

#include "kernels/common/host_device.hpp"

#include <cstdint>

namespace prefixlab {

inline constexpr int kWarpLanes = 32;

// The warps of a block of `threads` threads, the last one possibly partial.
PL_HOST_DEVICE constexpr int warps_in(int threads) { return (threads + kWarpLanes - 1) / kWarpLanes; }

// How many of the first `count` threads of a block lie in `warp`: 32, fewer in the last warp, none
// beyond it.
PL_HOST_DEVICE constexpr int lanes_present(int count, int warp) {
    const int lanes = count - warp * kWarpLanes;
    return lanes < 0 ? 0 : lanes > kWarpLanes ? kWarpLanes : lanes;
}

// The mask of the lanes of `warp` present in a block of `block_threads` threads, contiguous from lane 0.
// A full warp gets 0xffffffff from the comparison alone (the shift is never by 32, which C++ leaves
// undefined); on the GPU that is a compare and a select on blockDim.x.
PL_HOST_DEVICE constexpr std::uint32_t present_lane_mask(int block_threads, int warp) {
    const int lanes = lanes_present(block_threads, warp);
    return lanes == kWarpLanes ? 0xffffffffu : (1u << lanes) - 1u;
}

// The set bits of a warp's votes (a ballot's answer).
PL_HOST_DEVICE constexpr int vote_count(std::uint32_t votes) {
#if defined(__CUDA_ARCH__)
    return __popc(votes);
#else
    votes = votes - ((votes >> 1) & 0x55555555u);
    votes = (votes & 0x33333333u) + ((votes >> 2) & 0x33333333u);
    return static_cast<int>((((votes + (votes >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
#endif
}

// The lanes below `lane`: a rank among the lanes a ballot names is vote_count(votes & lanes_below(lane)).
PL_HOST_DEVICE constexpr std::uint32_t lanes_below(int lane) { return (1u << lane) - 1u; }

// The last lane of `warp` present in the block: the one whose inclusive warp scan is the warp's total.
PL_HOST_DEVICE constexpr int last_present_lane(int block_threads, int warp) {
    return lanes_present(block_threads, warp) - 1;
}

} // namespace prefixlab
