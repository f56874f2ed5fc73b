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
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct ReduceUnrollLastWarp {
    static constexpr int kElementsPerThread = 2;
    static constexpr int kMaxN = kElementsPerThread * kMaxBlockThreads;
    static constexpr const char* kSourcePath = "kernels/block/reduce_unroll_last_warp.cuh";
    static constexpr bool kWatchesRegisters = true; // warp 0's register, which its shuffles move

    // A power of two, at least one whole warp: the tail's shuffles name all 32 lanes.
    PL_HOST_DEVICE static constexpr int threads_for(int n) { return tree_threads<kElementsPerThread, true>(n); }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(threads_for(n)));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto s = ctx.template shared<typename Op::value_type>(layout(io.n).find(BufferId::data));
        const int i = ctx.thread_index();
        const int threads = threads_for(io.n); // the block may have more; they only meet the barriers

        ctx.begin(step_tag(kFile, kReduceLoadShare.phase, __LINE__));
        if (i < threads)
            s[i] = strided_share<Op, kElementsPerThread>(ctx, in, i, threads, io.n);

        std::uint16_t iteration = 1;
        for (int stride = threads / 2; stride > kWarpLanes; stride /= 2, ++iteration) {
            // barrier: the previous iteration's sums (the loads, first) are visible
            ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration, stride));
            if (i < stride)
                s[i] = Op::apply(s[i], s[i + stride]);
        }

        // barrier: the last shared-memory level is visible; from here on, warp 0 alone, no barrier
        ctx.sync(step_tag(kFile, kReduceLastWarpLoad.phase, __LINE__));
        finish_in_warp_zero<Op>(ctx, s, io, out, threads); // s[i] ⊕ s[i + 32], then shuffles down
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-unroll-last-warp";
    static constexpr const char* kDescription = "Harris's reduction kernel 5: kernel 4 until 32 threads are "
                                                "left, then warp 0 finishes with shuffles, no barriers (the "
                                                "2007 volatile form is a race since Volta).";
    static constexpr KernelFamily kFamily = KernelFamily::reduction;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr const char* kHelperSourcePaths[] = {kReduceStepsSourcePath}; // the shuffle rounds
    // no store phase: lane 0 stores the total in the last shuffle round's step (no barrier opens one)
    static constexpr PhaseSpec kPhases[] = {kReduceLoadShare, kReduceAddRightHalf, kReduceLastWarpLoad, kReduceWarpTail};
};

} // namespace prefixlab
