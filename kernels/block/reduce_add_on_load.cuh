// Harris's reduction kernel 4, "first add during load" (M. Harris, Optimizing Parallel Reduction in
// CUDA, NVIDIA 2007): kernel 3 left half its threads idle from the first iteration on. Here each
// thread loads two elements, i and i + blockDim (both loads coalesced), and stores their sum, so half
// as many threads reduce the same N, and the tree that follows (kernel 3's sequential addressing)
// starts one level lower.
#pragma once

#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"

namespace prefixlab {

// Two elements a thread: the first level of the tree, during the load, is in[i] ⊕ in[i + threads]
// (reduce_steps.cuh: SharedTreeReduction's load, with strided_share), stored in s[i].
struct ReduceAddOnLoad : SharedTreeReduction<ReduceAddOnLoad, 2> {
    static constexpr const char* kSourcePath = "kernels/block/reduce_add_on_load.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // Kernel 3's tree over s[0..threads), one level lower; the block may have more threads, which only
    // meet the barriers.
    template <class Op, class Ctx, class Shared>
    PL_BODY static void add_levels(Ctx& ctx, const Shared& s, int i, int threads) {
        std::uint16_t iteration = 1;
        for (int stride = threads / 2; stride > 0; stride /= 2, ++iteration) {
            // barrier: the previous iteration's sums (the loads, first) are visible
            ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration, stride));
            if (i < stride)
                s[i] = Op::apply(s[i], s[i + stride]);
        }

        // barrier: the last sum is in s[0]
        ctx.sync(step_tag(kFile, kReduceStoreTotal.phase, __LINE__));
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after add_levels() so that its sync points keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-add-on-load";
    static constexpr const char* kDescription = "Harris's reduction kernel 4: each thread adds two elements "
                                                "as it loads them, then kernel 3's tree over half as many "
                                                "threads.";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr PhaseSpec kPhases[] = {kReduceLoadShare, kReduceAddRightHalf, kReduceStoreTotal};
};

} // namespace prefixlab
