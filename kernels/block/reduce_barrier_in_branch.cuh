// The lecture's wrong reduction (issue 16, quiz question 1): Harris's kernel 3 (reduce_sequential.cuh)
// with the barrier moved inside `if (i < stride)`. Only the first `stride` threads reach it; the others
// go round the loop (skipping every later barrier too) and on to the barrier before the store. CUDA
// requires every thread of the block to reach the same __syncthreads(): anything else is undefined, and
// on a GPU the block may hang or go on with sums not yet written. The emulator reports it as a barrier
// not every thread reaches, naming the step and the threads at each barrier. On the GPU it runs only in a
// child process with a timeout (app/core/quiz/quiz_gpu_run.hpp).
#pragma once

#include "kernels/block/reduce_sequential.cuh"
#include "kernels/block/reduce_steps.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"

namespace prefixlab {

// Kernel 3's load and store (reduce_steps.cuh: SharedTreeReduction); only its tree differs.
struct ReduceBarrierInBranch : SharedTreeReduction<ReduceBarrierInBranch> {
    static constexpr const char* kSourcePath = "kernels/block/reduce_barrier_in_branch.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    template <class Op, class Ctx, class Shared>
    PL_BODY static void add_levels(Ctx& ctx, const Shared& s, int i, int width) {
        // barrier: the loads are visible (the question is about the loop's barrier, not this one)
        ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, 1, width / 2));

        std::uint16_t iteration = 1;
        for (int stride = width / 2; stride > 0; stride /= 2, ++iteration) { // <quiz:barrier-inside-if>
            if (i < stride) {
                s[i] = Op::apply(s[i], s[i + stride]);
                // WRONG: only threads below `stride` reach this barrier
                ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration + 1, stride / 2));
            }
        } // </quiz:barrier-inside-if>

        // barrier: the last sum is in s[0]
        ctx.sync(step_tag(kFile, kReduceStoreTotal.phase, __LINE__));
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after add_levels() so that its sync points keep their source lines, which trace files record.
    static constexpr const char* kName = "reduce-barrier-in-branch";
    static constexpr const char* kDescription = "Harris's kernel 3 with __syncthreads() inside `if (t < stride)`: "
                                                "the lecture's wrong reduction; a barrier only some threads "
                                                "reach, which the emulator reports and a GPU may hang on.";
    static constexpr KernelFamily kFamily = KernelFamily::quiz_variant;
    static constexpr KernelKind kKind = KernelKind::block_reduce;
    static constexpr bool kRacy = true;
    static constexpr bool kDivergentSync = true;
    using CorrectTwin = ReduceSequential;
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kReduceAddRightHalf, kReduceStoreTotal};
};

} // namespace prefixlab
