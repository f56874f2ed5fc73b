// Inclusive scan of one value per lane across a warp with __shfl_up_sync: in round r (delta = 2^(r-1))
// lane l >= delta adds lane l - delta's value; no shared memory, no barrier (registers move between lanes).
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/warp/warp_lanes.hpp"
#include "kernels/warp/warp_scan_source.hpp"

#include <cstdint>

namespace prefixlab {

// x: this lane's value in, its inclusive prefix within the warp out. mask: the lanes taking part, all
// present lanes of the warp (present_lane_mask); five rounds for any. Each round opens a step tagged `phase`.
template <class Op, class Ctx, class V>
PL_BODY void warp_inclusive_scan(Ctx& ctx, V& x, std::uint32_t lane, std::uint32_t mask, Phase phase) {
    std::uint16_t round = 1;
    for (int delta = 1; delta < 32; delta *= 2, ++round) { // <quiz:shuffle-before-branch>
        const V received = ctx.shfl_up(x, delta, mask, step_tag(kWarpScanFile, phase, __LINE__, round, delta));
        if (lane >= static_cast<std::uint32_t>(delta))
            x = Op::apply(received, x);
    } // </quiz:shuffle-before-branch>
}

// The lecture's wrong warp scan (issue 16, quiz question 3; the quiz variant warp-shuffle-in-branch): the
// shuffle moved into the branch that uses its value. Lanes below delta skip a shuffle whose mask names them,
// which CUDA leaves undefined (every lane in the mask must execute the same __shfl_up_sync): a GPU may
// hang or hand back stale values. The emulator reports the lanes that do not take part.
// Written after warp_inclusive_scan so that the correct scan's shuffle keeps its source line.
template <class Op, class Ctx, class V>
PL_BODY void warp_inclusive_scan_shuffle_in_branch(Ctx& ctx, V& x, std::uint32_t lane, std::uint32_t mask,
                                                   Phase phase) {
    std::uint16_t round = 1;
    for (int delta = 1; delta < 32; delta *= 2, ++round) { // <quiz:shuffle-inside-branch>
        if (lane >= static_cast<std::uint32_t>(delta)) {
            const V received = ctx.shfl_up(x, delta, mask, step_tag(kWarpScanFile, phase, __LINE__, round, delta));
            x = Op::apply(received, x);
        }
    } // </quiz:shuffle-inside-branch>
}

// Where a warp scan's shuffle stands against the branch that uses its value.
enum class ShufflePlacement : std::uint8_t {
    before_branch, // every lane of the mask shuffles, then the lanes that need it combine: correct
    inside_branch, // only the lanes that combine shuffle: the quiz's wrong fragment
};

template <class Op, ShufflePlacement kPlacement, class Ctx, class V>
PL_BODY void warp_inclusive_scan_placed(Ctx& ctx, V& x, std::uint32_t lane, std::uint32_t mask, Phase phase) {
    if constexpr (kPlacement == ShufflePlacement::before_branch)
        warp_inclusive_scan<Op>(ctx, x, lane, mask, phase);
    else
        warp_inclusive_scan_shuffle_in_branch<Op>(ctx, x, lane, mask, phase);
}

} // namespace prefixlab
