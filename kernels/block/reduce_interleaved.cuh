// Harris's reduction kernel 1, "interleaved addressing" (M. Harris, Optimizing Parallel Reduction in
// CUDA, NVIDIA 2007): one element per thread in shared memory, padded with the identity to a power of
// two; in iteration k (stride 2^(k-1)) every thread whose index is a multiple of 2·stride adds the
// word `stride` to its right into its own. The test `i % (2·stride) == 0` is the kernel's flaw: the
// active threads are spread over every warp, so from the first iteration on each warp runs with
// half its lanes idle or fewer (divergence), and the modulo itself is slow. Kernel 2 fixes the
// branch, kernel 3 the addressing.
// Thread i writes word i and reads words i and i + stride, which no other thread writes in the same
// iteration (the writers are multiples of 2·stride), so one barrier per iteration suffices.
#pragma once

#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"

namespace prefixlab {

// One element a thread, in s[i]: reduce_steps.cuh's SharedTreeReduction loads it and stores s[0].
struct ReduceInterleaved : SharedTreeReduction<ReduceInterleaved> {
    static constexpr const char* kSourcePath = "kernels/block/reduce_interleaved.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // The tree over s[0..width); the block may have more threads, which only meet the barriers.
    template <class Op, class Ctx, class Shared>
    PL_BODY static void add_levels(Ctx& ctx, const Shared& s, int i, int width) {
        std::uint16_t iteration = 1;
        for (int stride = 1; stride < width; stride *= 2, ++iteration) {
            // barrier: the previous iteration's sums (the loads, first) are visible
            ctx.sync(step_tag(kFile, kAddInterleaved.phase, __LINE__, iteration, stride));
            if (i < width && i % (2 * stride) == 0)
                s[i] = Op::apply(s[i], s[i + stride]);
        }

        // barrier: the last sum is in s[0]
        ctx.sync(step_tag(kFile, kReduceStoreTotal.phase, __LINE__));
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after add_levels() so that its sync points keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-interleaved";
    static constexpr const char* kDescription = "Harris's reduction kernel 1: in iteration k the threads "
                                                "whose index is a multiple of 2^k add the word 2^(k-1) to "
                                                "their right (interleaved addressing, a divergent branch).";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr PhaseSpec kAddInterleaved{
        "reduce-add-interleaved", "iteration {level}, stride {offset}: multiples of 2·{offset} add", nullptr,
        "Iteration {level} (stride {offset}): {active_threads}, those whose index is a multiple of twice the "
        "stride, each add {reads} into {writes}; the others idle in the same warps (divergence)."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kAddInterleaved, kReduceStoreTotal};
};

} // namespace prefixlab
