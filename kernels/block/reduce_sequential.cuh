// Harris's reduction kernel 3, "sequential addressing" (M. Harris, Optimizing Parallel Reduction in
// CUDA, NVIDIA 2007): one element per thread in shared memory, padded with the identity to a power of
// two; in each of log2 n iterations the first `stride` threads each add the word `stride` places to
// their right into their own, stride halving from n/2 to 1; thread 0 writes the block's total to
// output[0]. Against kernels 1 and 2 (interleaved addressing), the active threads are contiguous, so
// whole warps fall idle together instead of every warp running half-empty, and a warp's 32 reads fall
// in 32 consecutive words, one per bank.
// Within an iteration no word is both read and written by different threads (thread i < stride writes
// word i and reads words i and i + stride ≥ stride), so one barrier per iteration suffices.
#pragma once

#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"

namespace prefixlab {

// One element a thread, in s[i]: reduce_steps.cuh's SharedTreeReduction loads it (identity past n)
// and stores s[0].
struct ReduceSequential : SharedTreeReduction<ReduceSequential> {
    static constexpr const char* kSourcePath = "kernels/block/reduce_sequential.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // The tree over s[0..width), width a power of two; the block may have more threads, which only meet
    // the barriers.
    template <class Op, class Ctx, class Shared>
    PL_BODY static void add_levels(Ctx& ctx, const Shared& s, int i, int width) {
        std::uint16_t iteration = 1;
        for (int stride = width / 2; stride > 0; stride /= 2, ++iteration) { // <quiz:barrier-outside-if>
            // barrier: the previous iteration's sums (the loads, first) are visible
            ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration, stride));
            if (i < stride)
                s[i] = Op::apply(s[i], s[i + stride]);
        } // </quiz:barrier-outside-if>

        // barrier: the last sum is in s[0]
        ctx.sync(step_tag(kFile, kReduceStoreTotal.phase, __LINE__));
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after add_levels() so that its sync points keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-sequential";
    static constexpr const char* kDescription = "Harris's reduction kernel 3: in each of log n iterations the "
                                                "first half of the active threads adds the word half the "
                                                "width to its right (sequential addressing).";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kReduceAddRightHalf, kReduceStoreTotal};
};

} // namespace prefixlab
