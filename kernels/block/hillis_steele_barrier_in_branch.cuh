// The lecture's second wrong in-place scan (issue 16, quiz question 2): Hillis–Steele's read, barrier,
// write (hillis_steele.cuh) with the barrier between read and write moved inside `if (i >= offset)`.
// Threads below `offset` skip it and go on to the next iteration's barrier, so the block's threads wait
// at two different barriers. CUDA requires every thread of the block to reach the same __syncthreads();
// anything else is undefined, and on a GPU the block may hang or pair barriers of different iterations.
// The emulator reports it as a barrier not every thread reaches, naming the step and the threads at each.
// On the GPU it runs only in a child process with a timeout (app/core/quiz/quiz_gpu_run.hpp).
#pragma once

#include "kernels/block/hillis_steele.cuh"
#include "kernels/block/one_element_per_thread.hpp"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct HillisSteeleBarrierInBranch : OneElementPerThread {
    static constexpr const char* kSourcePath = "kernels/block/hillis_steele_barrier_in_branch.cuh";

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto s = ctx.template shared<T>(layout(io.n).find(BufferId::data));
        const int i = ctx.thread_index();

        const bool mine = i < io.n; // this thread owns an element

        ctx.begin(step_tag(kFile, kLoadIntoShared.phase, __LINE__));
        if (mine)
            s[i] = in[i];

        std::uint16_t iteration = 1;
        for (int offset = 1; offset < io.n; offset *= 2, ++iteration) { // <quiz:barrier-inside-if>
            // barrier: the previous iteration's writes are visible to every thread
            ctx.sync(step_tag(kFile, HillisSteele::kReadPartner.phase, __LINE__, iteration, offset));
            if (mine && i >= offset) {
                const V partner = s[i - offset];
                // WRONG: threads below `offset` never reach this barrier
                ctx.sync(step_tag(kFile, HillisSteele::kCombineAndWrite.phase, __LINE__, iteration, offset));
                s[i] = Op::apply(partner, s[i]);
            }
        } // </quiz:barrier-inside-if>

        ctx.sync(step_tag(kFile, kStoreOutput.phase, __LINE__));
        if (!mine)
            return;
        V result = Op::identity();
        if (!io.exclusive)
            result = s[i];
        else if (i > 0)
            result = s[i - 1];
        store_output<Op>(io, out, i, result);
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "hillis-steele-barrier-in-branch";
    static constexpr const char* kDescription = "Hillis–Steele with the barrier between read and write inside "
                                                "`if (t >= offset)`: a barrier only some threads reach, which "
                                                "the emulator reports and a GPU may hang on.";
    static constexpr KernelFamily kFamily = KernelFamily::quiz_variant;
    static constexpr KernelKind kKind = KernelKind::block_scan;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr bool kRacy = true;
    static constexpr bool kDivergentSync = true;
    using CorrectTwin = HillisSteele;
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, HillisSteele::kReadPartner,
                                            HillisSteele::kCombineAndWrite, kStoreOutput};
};

} // namespace prefixlab
