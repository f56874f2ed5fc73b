// Harris's reduction kernels 6, "complete unrolling", and 7, "multiple elements per thread" (M. Harris,
// Optimizing Parallel Reduction in CUDA, NVIDIA 2007), one body with the elements per thread as its
// parameter: 2 (kernel 6, kernel 5's load) or 8 (kernel 7).
//  - Kernel 6 unrolls kernel 5's loop: the strides are compile-time constants (512, 256, 128, 64), so
//    no loop counter, no loop branch and constant addresses. Harris made the block size a template
//    parameter, so the compiler also dropped the levels a block does not have; here one kernel serves
//    every N, so each level keeps a test `stride < threads`, the same for the whole block (no
//    divergence, one compare), and the tail is kernel 5's warp of shuffles.
//  - Kernel 7 gives each thread several elements (i, i + threads, …: every load coalesced, all in
//    flight at once) and combines them in a register before the tree, so a block does more work per
//    barrier and per tree: Harris's "algorithm cascading", the step that made his kernel reach the
//    memory bandwidth. His kernel 7 walked the whole array with a grid-sized stride; PrefixLab's
//    multi-block drivers give each block one tile instead, which is the same per-thread loop.
#pragma once

#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"

namespace prefixlab {

// kItems elements a thread combined during the load, and after the tree below the warp tail: both
// SharedTreeReduction's (reduce_steps.cuh).
template <int kItems>
struct ReduceUnrolled : SharedTreeReduction<ReduceUnrolled<kItems>, kItems, true> {
    static constexpr const char* kSourcePath = "kernels/block/reduce_unroll_complete.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // Kernel 5's tree, unrolled, until 64 sums are left for the tail.
    template <class Op, class Ctx, class Shared>
    PL_BODY static void add_levels(Ctx& ctx, const Shared& s, int i, int threads) {
        std::uint16_t iteration = 1;
        PL_CUDA_PRAGMA(unroll)
        for (int stride = kMaxBlockThreads / 2; stride > kWarpLanes; stride /= 2) {
            if (stride < threads) { // the block's levels: uniform, no divergence
                // barrier: the previous level's sums (the loads, first) are visible
                ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration, stride));
                if (i < stride)
                    s[i] = Op::apply(s[i], s[i + stride]);
                ++iteration;
            }
        }

        // barrier: the last shared-memory level is visible; from here on, warp 0 alone, no barrier
        ctx.sync(step_tag(kFile, kReduceLastWarpLoad.phase, __LINE__));
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after add_levels() so that its sync points keep their source lines, which trace files record.
    static constexpr bool kHarrisSix = kItems == 2;
    static constexpr const char* kName = kHarrisSix ? "reduce-unroll-complete" : "reduce-many-per-thread";
    static constexpr const char* kDescription =
        kHarrisSix ? "Harris's reduction kernel 6: kernel 5 with its loop unrolled (constant strides)."
                   : "Harris's reduction kernel 7: each thread first combines 8 elements in a register, then "
                     "kernel 6's unrolled tree.";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    // no store phase: lane 0 stores the total in the last shuffle round's step (no barrier opens one)
    static constexpr PhaseSpec kPhases[] = {kReduceLoadShare, kReduceAddRightHalf, kReduceLastWarpLoad,
                                            kReduceWarpTail};
};

using ReduceUnrollComplete = ReduceUnrolled<2>;
using ReduceManyPerThread = ReduceUnrolled<8>;

} // namespace prefixlab
