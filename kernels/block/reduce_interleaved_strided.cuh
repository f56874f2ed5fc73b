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
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct ReduceInterleavedStrided {
    static constexpr int kMaxN = kMaxBlockThreads; // one element per thread
    static constexpr const char* kSourcePath = "kernels/block/reduce_interleaved_strided.cuh";
    static constexpr bool kWatchesRegisters = false;
    static constexpr int kElementsPerThread = 1;

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return tree_width(n); }

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
        const int width = threads_for(io.n); // the block may have more threads; they only meet the barriers

        ctx.begin(step_tag(kFile, kLoadIntoShared.phase, __LINE__));
        if (i < width)
            s[i] = strided_share<Op, 1>(ctx, in, i, width, io.n);

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
        if (i == 0) {
            const V total = s[0];
            store_block_total<Op>(io, out, total);
        }
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-interleaved-strided";
    static constexpr const char* kDescription = "Harris's reduction kernel 2: kernel 1's tree with the first "
                                                "threads active (index 2·stride·t), no divergence but "
                                                "bank conflicts.";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kAddStrided{
        "reduce-add-strided", "iteration {level}, stride {offset}: thread t adds at 2·{offset}·t", nullptr,
        "Iteration {level} (stride {offset}): {active_threads} each add {reads} into {writes}; the words a "
        "warp touches lie 2·{offset} apart, so its lanes share banks."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kAddStrided, kReduceStoreTotal};
};

} // namespace prefixlab
