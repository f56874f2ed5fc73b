// Harris's reduction kernel 4, "first add during load" (M. Harris, Optimizing Parallel Reduction in
// CUDA, NVIDIA 2007): kernel 3 left half its threads idle from the first iteration on. Here each
// thread loads two elements, i and i + blockDim (both loads coalesced), and stores their sum, so half
// as many threads reduce the same N, and the tree that follows (kernel 3's sequential addressing)
// starts one level lower.
#pragma once

#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct ReduceAddOnLoad {
    static constexpr int kElementsPerThread = 2;
    static constexpr int kMaxN = kElementsPerThread * kMaxBlockThreads;
    static constexpr const char* kSourcePath = "kernels/block/reduce_add_on_load.cuh";
    static constexpr bool kWatchesRegisters = false;

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return tree_threads<kElementsPerThread, false>(n); }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(threads_for(n)));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using V = typename Ctx::template value<typename Op::value_type>;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto s = ctx.template shared<typename Op::value_type>(layout(io.n).find(BufferId::data));
        const int i = ctx.thread_index();
        const int threads = threads_for(io.n); // the block may have more; they only meet the barriers

        // the first level of the tree, during the load: in[i] ⊕ in[i + threads]
        ctx.begin(step_tag(kFile, kReduceLoadShare.phase, __LINE__));
        if (i < threads)
            s[i] = strided_share<Op, kElementsPerThread>(ctx, in, i, threads, io.n);

        std::uint16_t iteration = 1;
        for (int stride = threads / 2; stride > 0; stride /= 2, ++iteration) {
            // barrier: the previous iteration's sums (the loads, first) are visible
            ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration, stride));
            if (i < stride)
                s[i] = Op::apply(s[i], s[i + stride]);
        }

        // barrier: the last sum is in s[0]
        ctx.sync(step_tag(kFile, kReduceStoreTotal.phase, __LINE__));
        if (i == 0) {
            const V total = s[0];
            store_block_total<Op>(io, out, total);
        }
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-add-on-load";
    static constexpr const char* kDescription = "Harris's reduction kernel 4: each thread adds two elements "
                                                "as it loads them, then kernel 3's tree over half as many "
                                                "threads.";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kPhases[] = {kReduceLoadShare, kReduceAddRightHalf, kReduceStoreTotal};
};

} // namespace prefixlab
