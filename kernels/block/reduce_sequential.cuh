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
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct ReduceSequential {
    static constexpr int kMaxN = kMaxBlockThreads; // one element per thread
    static constexpr const char* kSourcePath = "kernels/block/reduce_sequential.cuh";
    static constexpr bool kWatchesRegisters = false;
    static constexpr int kElementsPerThread = 1;

    // The tree's width: n rounded up to a power of two (the threads past n hold the identity).
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
        if (i < width) {
            // one shared store for the whole warp, also where it straddles n (two stores, one a branch,
            // were two warp-wide instructions in Nsight Compute: 69 against the model's 68 at N = 1000)
            V x = Op::identity();
            if (i < io.n)
                x = in[i];
            s[i] = x;
        }

        std::uint16_t iteration = 1;
        for (int stride = width / 2; stride > 0; stride /= 2, ++iteration) { // <quiz:barrier-outside-if>
            // barrier: the previous iteration's sums (the loads, first) are visible
            ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration, stride));
            if (i < stride)
                s[i] = Op::apply(s[i], s[i + stride]);
        } // </quiz:barrier-outside-if>

        // barrier: the last sum is in s[0]
        ctx.sync(step_tag(kFile, kReduceStoreTotal.phase, __LINE__));
        if (i == 0) {
            const V total = s[0];
            store_block_total<Op>(io, out, total);
        }
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-sequential";
    static constexpr const char* kDescription = "Harris's reduction kernel 3: in each of log n iterations the "
                                                "first half of the active threads adds the word half the "
                                                "width to its right (sequential addressing).";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kReduceAddRightHalf, kReduceStoreTotal};
};

} // namespace prefixlab
