// Block reductions from warp shuffles, the lecture's modern form (CUB's WARP_REDUCTIONS block
// reduction): no shared-memory tree at all.
//   1. each thread combines its share of the input in a register (8 elements, as Harris's kernel 7);
//   2. every warp reduces its 32 registers in five shuffle rounds;
//   3. lane 0 of each warp stores the warp's total in shared memory (32 words at most);
//   4. after the one barrier, warp 0 loads the totals and reduces them the same way; lane 0 stores.
// Two variants of step 2 and 4 (kernels/block/reduce_steps.cuh): __shfl_down_sync, where lane l < δ
// adds lane l + δ and lane 0 ends with the total, and the butterfly, __shfl_xor_sync, where every
// lane combines with lane l ^ δ and every lane ends with the total (what a warp needs when all its
// threads use the result, e.g. to normalise by it).
#pragma once

#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

template <bool kButterfly>
struct ReduceWarpShuffle {
    static constexpr int kElementsPerThread = 8;
    static constexpr int kMaxN = kElementsPerThread * kMaxBlockThreads;
    static constexpr const char* kSourcePath = "kernels/block/reduce_warp_shuffle.cuh";
    static constexpr bool kWatchesRegisters = true;

    // Whole warps (every shuffle names all 32 lanes), as few as hold n elements 8 a thread.
    PL_HOST_DEVICE static constexpr int threads_for(int n) {
        const int threads = (n + kElementsPerThread - 1) / kElementsPerThread;
        return (threads + kWarpLanes - 1) / kWarpLanes * kWarpLanes;
    }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int) { return warp_totals_layout(); }

    template <class Op, class Ctx, class V>
    PL_BODY static void reduce_warp(Ctx& ctx, V& x, std::uint32_t lane, Phase phase) {
        if constexpr (kButterfly)
            warp_reduce_butterfly<Op>(ctx, x, phase);
        else
            warp_reduce_down<Op>(ctx, x, lane, phase);
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto totals = ctx.template shared<T>(layout(io.n).find(BufferId::warp_totals));
        const int i = ctx.thread_index();
        const int warp = i / kWarpLanes;
        const auto lane = static_cast<std::uint32_t>(i % kWarpLanes);
        const int threads = threads_for(io.n); // whole warps; the block may have more, which only meet the barrier
        const int warps = threads / kWarpLanes;

        // 1. each thread's share, in a register
        ctx.begin(step_tag(kFile, kLoadShare.phase, __LINE__));
        V x = Op::identity();
        const auto watching_x = ctx.watch_register(x);
        if (i < threads) {
            x = strided_share<Op, kElementsPerThread>(ctx, in, i, threads, io.n);
            // 2. the warp's total, in five shuffle rounds
            reduce_warp<Op>(ctx, x, lane, kWarpRounds.phase);
            // 3. lane 0 keeps it in shared memory
            if (lane == 0)
                totals[warp] = x;
        }

        // barrier: every warp's total is in shared memory
        ctx.sync(step_tag(kFile, kTotalsLoad.phase, __LINE__));
        if (warp == 0) {
            // 4. warp 0 reduces the totals (lanes past the last warp hold the identity)
            V total = Op::identity();
            const auto watching_total = ctx.watch_register(total);
            if (lane < static_cast<std::uint32_t>(warps))
                total = totals[lane];
            reduce_warp<Op>(ctx, total, lane, kTotalsRounds.phase);
            if (lane == 0)
                store_block_total<Op>(io, out, total);
        }
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = kButterfly ? "reduce-butterfly" : "reduce-shuffle-down";
    static constexpr const char* kDescription =
        kButterfly ? "Each warp reduces its registers with __shfl_xor (a butterfly: every lane ends with the "
                     "total), then warp 0 reduces the warps' totals the same way."
                   : "Each warp reduces its registers with __shfl_down (lane 0 ends with the total), then "
                     "warp 0 reduces the warps' totals the same way.";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr const char* kHelperSourcePaths[] = {kReduceStepsSourcePath}; // the shuffle rounds
    static constexpr PhaseSpec kLoadShare{"reduce-load-registers", "combine each thread's share in a register",
                                          nullptr, "Each thread t combines its share of the input, {reads}, in "
                                                   "its register."};
    static constexpr PhaseSpec kWarpRounds{
        kButterfly ? "reduce-butterfly-rounds" : "reduce-shuffle-down-rounds",
        kButterfly ? "warp butterfly: shuffle xor {offset}" : "warp reduction: shuffle down δ={offset}", nullptr,
        kButterfly ? "Every warp, round {level}: {shuffle} and combines it with its own, so all end with the "
                     "warp's total."
                   : "Every warp, round {level}: {shuffle}; lanes below {offset} add it to their own, so lane 0 "
                     "ends with the warp's total."};
    static constexpr PhaseSpec kTotalsLoad{"reduce-totals-load", "warp 0 loads the warp totals", nullptr,
                                           "After the barrier, warp 0 reads the warps' totals: {reads}."};
    static constexpr PhaseSpec kTotalsRounds{
        kButterfly ? "reduce-butterfly-totals" : "reduce-shuffle-down-totals",
        kButterfly ? "warp 0, totals: shuffle xor {offset}" : "warp 0, totals: shuffle down δ={offset}", nullptr,
        kButterfly ? "Warp 0 combines the warps' totals, round {level}: {shuffle} and combines it with its own; "
                     "lane 0 then stores the block's total."
                   : "Warp 0 combines the warps' totals, round {level}: {shuffle}; lanes below {offset} add it to "
                     "their own; lane 0 then stores the block's total."};
    static constexpr PhaseSpec kPhases[] = {kLoadShare, kWarpRounds, kTotalsLoad, kTotalsRounds};
};

using ReduceShuffleDown = ReduceWarpShuffle<false>;
using ReduceButterfly = ReduceWarpShuffle<true>;

} // namespace prefixlab
