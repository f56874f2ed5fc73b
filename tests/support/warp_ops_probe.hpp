// A small kernel body that uses every warp exchange a look-back window needs, written once for the
// emulator and the GPU (the test's own, not in the catalogue): each thread loads its element into a
// watched register; its warp ballots on the elements' low bits; a butterfly of shfl_xor leaves the
// warp's sum, combined in lane order, in every lane; a plain (untraced) value crosses one xor shuffle
// too: the votes shifted down by the sender's lane; in whole warps a down shuffle (a reduction's
// exchange) brings each lane the element 5 lanes to its right (its own from lane 27 on); each thread i,
// lane l, writes
//     output[i] = warp sum + (votes >> (l ^ 1)) + right      (votes >> l in a warp of one lane;
//                                                             right = its own element in a partial warp).
// Blocks of 4, 8 and 16 threads are one partial warp; the butterfly's rounds stop at the lanes present,
// so every warp of a block must have as many (a grid tile's sizes: 4, 8, 16 or whole warps).
// Layout as a block scan's (Algo): the launchers of gpu_block_scan_impl.cuh run it unchanged.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/warp/warp_lanes.hpp"
#include "support/catalogue_ids.hpp"

#include <cstdint>
#include <type_traits>

namespace prefixlab {

struct WarpOpsProbe {
    static constexpr int kMaxN = 1024; // one element per thread
    static constexpr bool kWatchesRegisters = true;
    static constexpr int kElementsPerThread = 1;
    static constexpr KernelFile kFile = kernel_file_at("tests/support/warp_ops_probe.hpp");

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return n; }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, 1); // unused: the probe works in registers
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        static_assert(std::is_same_v<T, std::uint32_t>, "the probe adds votes to its sums: uint32 only");
        using V = typename Ctx::template value<T>;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const int i = ctx.thread_index();
        const int warp = i / kWarpLanes;
        const auto lane = static_cast<std::uint32_t>(i % kWarpLanes);
        const std::uint32_t mask = present_lane_mask(ctx.block_threads(), warp);
        const int lanes = lanes_present(ctx.block_threads(), warp);

        ctx.begin(step_tag(kFile, phase_id("load-registers"), __LINE__));
        V x = in[i];
        const auto watching_x = ctx.watch_register(x);
        const std::uint32_t votes =
            ctx.ballot((plain_value(x) & 1u) != 0, mask, step_tag(kFile, phase_id("totals-load"), __LINE__));
        // a partial warp's last lanes would read lanes that do not exist: whole warps only
        V right = x;
        if (lanes == kWarpLanes)
            right = ctx.shfl_down(x, 5, mask, step_tag(kFile, phase_id("warp-shuffle"), __LINE__, 0, 5));
        std::uint16_t round = 1;
        for (int lane_mask = 1; lane_mask < lanes; lane_mask *= 2, ++round) {
            const V partner = ctx.shfl_xor(
                x, lane_mask, mask, step_tag(kFile, phase_id("warp-shuffle"), __LINE__, round, lane_mask));
            // array order: the lower lanes' partial on the left, as a look-back window combines
            x = (lane & static_cast<std::uint32_t>(lane_mask)) != 0 ? Op::apply(partner, x)
                                                                    : Op::apply(x, partner);
        }
        const int neighbour = lanes > 1 ? 1 : 0; // a warp of one lane has no partner
        const std::uint32_t theirs =
            ctx.shfl_xor(votes >> lane, neighbour, mask,
                         step_tag(kFile, phase_id("totals-shuffle"), __LINE__, 0, neighbour));
        out[i] = Op::apply(Op::apply(x, T(theirs)), right);
    }
};

} // namespace prefixlab
