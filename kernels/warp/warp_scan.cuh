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
    for (int delta = 1; delta < 32; delta *= 2, ++round) {
        const V received = ctx.shfl_up(x, delta, mask, step_tag(kWarpScanFile, phase, __LINE__, round, delta));
        if (lane >= static_cast<std::uint32_t>(delta))
            x = Op::apply(received, x);
    }
}

} // namespace prefixlab
