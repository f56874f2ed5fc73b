// Harris's reduction kernel 5, "unroll the last warp" (M. Harris, Optimizing Parallel Reduction in
// CUDA, NVIDIA 2007), in its correct modern form: kernel 4's load and tree, but once only 32 threads
// are left active the barriers stop; warp 0 finishes the last six levels alone.
// Harris's 2007 tail read and wrote `volatile` shared memory with no barrier at all, relying on the 32
// threads of a warp running in lockstep. Since Volta (independent thread scheduling) they need not:
// one lane may read a word before its neighbour has written it, a race the CUDA programming guide
// warns about. The fix is __syncwarp() between the steps, or, as here and in CUB's WarpReduce, shuffles:
// warp 0 loads s[i] ⊕ s[i + 32] into a register and combines the rest with __shfl_down_sync, one
// instruction the whole warp executes together (kernels/block/reduce_steps.cuh).
#pragma once

#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"

namespace prefixlab {

// Kernel 4's load; after the tree below, SharedTreeReduction's warp tail (reduce_steps.cuh).
struct ReduceUnrollLastWarp : SharedTreeReduction<ReduceUnrollLastWarp, 2, true> {
    static constexpr const char* kSourcePath = "kernels/block/reduce_unroll_last_warp.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // Kernel 4's tree, until 64 sums are left: the tail combines s[i] ⊕ s[i + 32] in warp 0.
    template <class Op, class Ctx, class Shared>
    PL_BODY static void add_levels(Ctx& ctx, const Shared& s, int i, int threads) {
        std::uint16_t iteration = 1;
        for (int stride = threads / 2; stride > kWarpLanes; stride /= 2, ++iteration) {
            // barrier: the previous iteration's sums (the loads, first) are visible
            ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration, stride));
            if (i < stride)
                s[i] = Op::apply(s[i], s[i + stride]);
        }

        // barrier: the last shared-memory level is visible; from here on, warp 0 alone, no barrier
        ctx.sync(step_tag(kFile, kReduceLastWarpLoad.phase, __LINE__));
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after add_levels() so that its sync points keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-unroll-last-warp";
    static constexpr const char* kDescription = "Harris's reduction kernel 5: kernel 4 until 32 threads are "
                                                "left, then warp 0 finishes with shuffles, no barriers (the "
                                                "2007 volatile form is a race since Volta).";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    // no store phase: lane 0 stores the total in the last shuffle round's step (no barrier opens one)
    static constexpr PhaseSpec kPhases[] = {kReduceLoadShare, kReduceAddRightHalf, kReduceLastWarpLoad, kReduceWarpTail};
};

} // namespace prefixlab
