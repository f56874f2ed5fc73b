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
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct ReduceInterleaved {
    static constexpr int kMaxN = kMaxBlockThreads; // one element per thread
    static constexpr const char* kSourcePath = "kernels/block/reduce_interleaved.cuh";
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
            ctx.sync(step_tag(kFile, kAddInterleaved.phase, __LINE__, iteration, stride));
            if (i < width && i % (2 * stride) == 0)
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
    static constexpr const char* kName = "reduce-interleaved";
    static constexpr const char* kDescription = "Harris's reduction kernel 1: in iteration k the threads "
                                                "whose index is a multiple of 2^k add the word 2^(k-1) to "
                                                "their right (interleaved addressing, a divergent branch).";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kAddInterleaved{
        "reduce-add-interleaved", "iteration {level}, stride {offset}: multiples of 2·{offset} add", nullptr,
        "Iteration {level} (stride {offset}): {active_threads}, those whose index is a multiple of twice the "
        "stride, each add {reads} into {writes}; the others idle in the same warps (divergence)."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kAddInterleaved, kReduceStoreTotal};
};

} // namespace prefixlab
