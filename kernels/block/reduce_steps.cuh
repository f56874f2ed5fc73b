// What the block reductions (Harris's kernels and the shuffle reductions) share: the width of a tree,
// a thread's share of the input, the warp-level tail with __shfl_down_sync, the store of the block's
// total, and Harris's shared-memory kernels' frame around their trees (SharedTreeReduction, at the end).
// Their trees stay in their own files, where the source panel shows them.
#pragma once

#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/phase_spec.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/warp/warp_lanes.hpp"

#include <cstdint>

namespace prefixlab {

inline constexpr const char* kReduceStepsSourcePath = "kernels/block/reduce_steps.cuh";
inline constexpr KernelFile kReduceStepsFile = kernel_file_at(kReduceStepsSourcePath);

// The phases several reductions open (each lists them in its kPhases).
inline constexpr PhaseSpec kReduceLoadShare{
    "reduce-load-share", "combine each thread's share into shared memory", nullptr,
    "Each thread t combines its share of the input, {reads}, and stores it in shared memory: {writes}."};
inline constexpr PhaseSpec kReduceAddRightHalf{
    "reduce-add-right-half", "iteration {level}, stride {offset}: add the word {offset} to the right", nullptr,
    "Iteration {level} (stride {offset}): {active_threads} each add {reads} into {writes}; threads {offset} "
    "and up are idle, whole warps of them while the stride is 32 or more."};
inline constexpr PhaseSpec kReduceLastWarpLoad{
    "reduce-last-warp-load", "warp 0 takes over: shared memory into registers", nullptr,
    "After the last barrier, warp 0 alone: each lane i combines {reads} into its register."};
inline constexpr PhaseSpec kReduceWarpTail{
    "reduce-warp-tail", "last warp: shuffle δ={offset}", nullptr,
    "Warp 0 finishes the tree in registers, shuffle δ={offset}: {shuffle}; lanes below {offset} add what "
    "they receive."};
inline constexpr PhaseSpec kReduceStoreTotal{"reduce-store-total", "store the block's total", nullptr,
                                             "Thread 0 writes the block's total to the output: {writes}."};

// Threads for a tree over n elements, kItems a thread, in whole warps where the tree ends in warp
// shuffles (a shuffle's lanes must all exist: kernels/warp/warp_lanes.hpp).
template <int kItems, bool kWholeWarps>
PL_HOST_DEVICE constexpr int tree_threads(int n) {
    const int threads = tree_width((n + kItems - 1) / kItems);
    return kWholeWarps && threads < kWarpLanes ? kWarpLanes : threads;
}

// Thread i's share of the block's input: elements i, i + threads, i + 2·threads, … (kItems at most),
// combined in that order. Consecutive threads read consecutive words, so every warp-wide load is
// coalesced (Harris's kernels 4 and 7: "first add during load", "multiple elements per thread"). The
// trip count is a constant, so the loads are unrolled and in flight together on the GPU.
// Traced, a share of one or two elements keeps its reads as its sources; one of three or more is plain
// (the dataflow records two sources per value, as the register tile's: kernels/grid/register_tile.cuh),
// so the dataflow starts at the shares and the trace still shows every load.
template <class Op, int kItems, class Ctx, class In>
PL_BODY auto strided_share(Ctx& ctx, const In& in, int i, int threads, int n) {
    (void)ctx;
    using V = typename Ctx::template value<typename Op::value_type>;
    V share = Op::identity();
    PL_CUDA_PRAGMA(unroll)
    for (int item = 0; item < kItems; ++item) {
        const int k = i + item * threads;
        if (k < n) {
            const V x = in[k];
            share = item == 0 ? x : Op::apply(share, x);
        }
    }
    if constexpr (Ctx::traced && kItems > 2)
        if (i + 2 * threads < n)
            share = V(plain_value(share));
    return share;
}

// The last five levels of a tree inside one warp, with __shfl_down_sync: in round r (δ = 16, 8, 4,
// 2, 1) lane l < δ adds lane l + δ's value, so lane 0 ends with the warp's 32 values combined. Only
// the lanes whose sum is still needed combine (lane l < δ), so the trace shows the same tree as the
// shared-memory levels above it. Every lane shuffles: the warp must be whole (mask 0xffffffff).
// Since Volta, a warp's threads are scheduled independently: Harris's 2007 tail (volatile shared
// memory, no barrier) is a race there. Shuffles move the values through registers in one
// instruction the whole warp executes together, so no __syncwarp is needed between the rounds.
template <class Op, class Ctx, class V>
PL_BODY void warp_reduce_down(Ctx& ctx, V& x, std::uint32_t lane, Phase phase) {
    std::uint16_t round = 1;
    for (int delta = kWarpLanes / 2; delta > 0; delta /= 2, ++round) {
        const V received =
            ctx.shfl_down(x, delta, 0xffffffffu, step_tag(kReduceStepsFile, phase, __LINE__, round, delta));
        if (lane < static_cast<std::uint32_t>(delta))
            x = Op::apply(x, received);
    }
}

// Harris's kernels 5 to 7 after their last barrier: the tree's last 64 sums (or 32, in a block of one
// warp) s[0..), combined by warp 0 alone in registers, and the total stored by lane 0.
template <class Op, class Ctx, class Shared, class Out>
PL_BODY void finish_in_warp_zero(Ctx& ctx, const Shared& s, const ScanIo<typename Op::value_type>& io, Out& out,
                                 int threads) {
    using V = typename Ctx::template value<typename Op::value_type>;
    const int i = ctx.thread_index();
    if (i >= kWarpLanes)
        return;
    V x = s[i];
    const auto watching_x = ctx.watch_register(x);
    if (threads > kWarpLanes)
        x = Op::apply(x, s[i + kWarpLanes]);
    warp_reduce_down<Op>(ctx, x, static_cast<std::uint32_t>(i), kReduceWarpTail.phase);
    if (i == 0)
        store_block_total<Op>(io, out, x);
}

// A warp's 32 values combined in every lane, with __shfl_xor_sync (the butterfly): in round r lane l
// combines its value with lane l ^ δ's, δ = 16, 8, 4, 2, 1, so after five rounds each lane holds the
// whole warp's total (no lane idles; the operators are commutative, so l and l ^ δ compute the same).
template <class Op, class Ctx, class V>
PL_BODY void warp_reduce_butterfly(Ctx& ctx, V& x, Phase phase) {
    std::uint16_t round = 1;
    for (int delta = kWarpLanes / 2; delta > 0; delta /= 2, ++round) {
        const V received =
            ctx.shfl_xor(x, delta, 0xffffffffu, step_tag(kReduceStepsFile, phase, __LINE__, round, delta));
        x = Op::apply(x, received);
    }
}

// Stores the block's total: to output[0] for a single block, or to the grid's tile totals where a
// multi-block reduction asks for them (ScanIo::tile_totals), so the next level reduces the totals, or
// combined atomically into one of them (ScanIo::atomic_total: the atomicAdd finish).
template <class Op, class Out, class X>
PL_BODY void store_block_total(const ScanIo<typename Op::value_type>& io, Out& out, const X& total) {
    using T = typename Op::value_type;
    if (io.atomic_total)
        out.context().template atomic_combine<Op>(GridWords<T>{io.tile_totals, BufferId::tile_totals, io.tile_totals_count},
                                                  io.tile_total_index, plain_value(total));
    else if (io.tile_totals != nullptr)
        store_tile_total(io, out, total);
    else
        out[0] = total;
}

// Harris's shared-memory reductions (kernels 1 to 7, and the quiz's kernel 3 with its barrier moved) are
// one frame around each kernel's own tree: thread i stores its share of the input, kItems elements, in
// s[i], one word a thread; the kernel's levels run, Kernel::add_levels(ctx, s, i, threads), written in
// the kernel's own file with every barrier of the kernel, the last one included; then thread 0 stores
// s[0], the block's total, or (kWarpTail: kernels 5 to 7) warp 0 combines the tree's last 64 sums in
// registers. A kernel derives from SharedTreeReduction<Kernel> (kernels 1 to 3: one element a thread,
// barriers to the end) or SharedTreeReduction<Kernel, kItems, kWarpTail> and adds its levels and its
// catalogue entry. The load is the kernels' first step, opened in this file (kHelperSourcePaths); an
// emulator's report of a barrier not every thread reaches names lines of the kernel's own file.
template <class Kernel, int kItems = 1, bool kWarpTail = false>
struct SharedTreeReduction {
    static constexpr int kElementsPerThread = kItems;
    static constexpr int kMaxN = kItems * kMaxBlockThreads;
    static constexpr bool kWatchesRegisters = kWarpTail; // warp 0's register, which the tail's shuffles move
    static constexpr const char* kHelperSourcePaths[] = {kReduceStepsSourcePath}; // the load; the warp tail

    // The tree's width: n / kItems rounded up to a power of two (the threads past the input hold the
    // identity); with the tail, at least one whole warp, since its shuffles name all 32 lanes.
    PL_HOST_DEVICE static constexpr int threads_for(int n) { return tree_threads<kItems, kWarpTail>(n); }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(threads_for(n)));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto s = ctx.template shared<typename Op::value_type>(layout(io.n).find(BufferId::data));
        const int i = ctx.thread_index();
        const int threads = threads_for(io.n); // the block may have more; they only meet the barriers

        load_shares<Op>(ctx, in, s, i, threads, io.n);
        Kernel::template add_levels<Op>(ctx, s, i, threads); // the kernel's tree, to its last barrier
        if constexpr (kWarpTail) {
            finish_in_warp_zero<Op>(ctx, s, io, out, threads); // s[i] ⊕ s[i + 32], then shuffles down
        } else if (i == 0) {
            const typename Ctx::template value<typename Op::value_type> total = s[0];
            store_block_total<Op>(io, out, total);
        }
    }

    // The tree's leaves: thread i's share in s[i] (with two or more elements a thread, the tree's first
    // level, during the load). One shared store a thread, also where a warp straddles n: two stores, one
    // in a branch, were two warp-wide instructions in Nsight Compute (69 against the model's 68 at N = 1000).
    template <class Op, class Ctx, class In, class Shared>
    PL_BODY static void load_shares(Ctx& ctx, const In& in, const Shared& s, int i, int threads, int n) {
        constexpr Phase kLoad = kItems == 1 ? kLoadIntoShared.phase : kReduceLoadShare.phase;
        ctx.begin(step_tag(kReduceStepsFile, kLoad, __LINE__));
        if (i < threads)
            s[i] = strided_share<Op, kItems>(ctx, in, i, threads, n);
    }
};

} // namespace prefixlab
