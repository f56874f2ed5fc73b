// Harris's reduction kernel 2, "interleaved addressing with a strided index" (M. Harris, Optimizing
// Parallel Reduction in CUDA, NVIDIA 2007): kernel 1's tree, but in iteration k (stride 2^(k-1))
// thread t works on word index = 2·stride·t, so the active threads are the first ones, contiguous,
// and whole warps idle together instead of every warp running half empty. The price is the
// addressing: the words a warp touches are 2·stride apart, so lanes share banks (2-way at stride 1,
// 16-way at stride 16, …): the Banks view shows the conflicts that kernel 3 removes.
// Thread t writes word index and reads index and index + stride, which no other thread writes in the
// same iteration, so one barrier per iteration suffices.
#pragma once

#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"

namespace prefixlab {

// One element a thread, in s[i]: reduce_steps.cuh's SharedTreeReduction loads it and stores s[0].
struct ReduceInterleavedStrided : SharedTreeReduction<ReduceInterleavedStrided> {
    static constexpr const char* kSourcePath = "kernels/block/reduce_interleaved_strided.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // The tree over s[0..width); thread t works on word 2·stride·t, so only the first threads are active.
    template <class Op, class Ctx, class Shared>
    PL_BODY static void add_levels(Ctx& ctx, const Shared& s, int i, int width) {
        std::uint16_t iteration = 1;
        for (int stride = 1; stride < width; stride *= 2, ++iteration) {
            // barrier: the previous iteration's sums (the loads, first) are visible
            ctx.sync(step_tag(kFile, kAddStrided.phase, __LINE__, iteration, stride));
            const int index = 2 * stride * i;
            if (index < width)
                s[index] = Op::apply(s[index], s[index + stride]);
        }

        // barrier: the last sum is in s[0]
        ctx.sync(step_tag(kFile, kReduceStoreTotal.phase, __LINE__));
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after add_levels() so that its sync points keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-interleaved-strided";
    static constexpr const char* kDescription = "Harris's reduction kernel 2: kernel 1's tree with the first "
                                                "threads active (index 2·stride·t), no divergence but "
                                                "bank conflicts.";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr PhaseSpec kAddStrided{
        "reduce-add-strided", "iteration {level}, stride {offset}: thread t adds at 2·{offset}·t", nullptr,
        "Iteration {level} (stride {offset}): {active_threads} each add {reads} into {writes}; the words a "
        "warp touches lie 2·{offset} apart, so its lanes share banks."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kAddStrided, kReduceStoreTotal};
};

} // namespace prefixlab
