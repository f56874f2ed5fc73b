// Hillis–Steele inclusive scan of one block (Hillis & Steele 1986; GPU Gems 3 ch. 39, "naive scan"):
// one element per thread, in place in shared memory. Each iteration every thread i >= offset adds
// the element `offset` places to its left; after ceil(log2 n) iterations s[i] holds x0 ⊕ … ⊕ xi.
// It does O(n log n) work against the serial O(n), the price of its log n depth.
//
// In place needs two barriers per iteration: one so that every thread has read before anyone writes
// (otherwise a thread could read a partner that was already updated in this iteration), and one so
// that every write is visible before the next iteration reads. hillis_steele_racy.cuh drops the first.
// The block may have more threads than elements; the extra ones only take part in the barriers.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct HillisSteele {
    static constexpr int kMaxN = kMaxBlockThreads; // one element per thread
    static constexpr const char* kSourcePath = "kernels/block/hillis_steele.cuh";
    static constexpr bool kWatchesRegisters = false;
    static constexpr int kElementsPerThread = 1;

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return n; }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::data, static_cast<std::uint32_t>(n));
        return layout;
    }

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
        for (int offset = 1; offset < io.n; offset *= 2, ++iteration) { // <quiz:read-barrier-write>
            // barrier: the previous iteration's writes are visible to every thread
            ctx.sync(step_tag(kFile, kReadPartner.phase, __LINE__, iteration, offset));
            V partner = Op::identity();
            if (mine && i >= offset)
                partner = s[i - offset];
            // barrier: every thread has read its partner before anyone overwrites it
            ctx.sync(step_tag(kFile, kCombineAndWrite.phase, __LINE__, iteration, offset));
            if (mine && i >= offset)
                s[i] = Op::apply(partner, s[i]);
        } // </quiz:read-barrier-write>

        // barrier: the last iteration's writes are visible before the exclusive shift reads s[i - 1]
        ctx.sync(step_tag(kFile, kStoreOutput.phase, __LINE__));
        if (!mine)
            return;
        // One store for every lane (a store in each branch was two store instructions in warp 0 for an
        // exclusive scan, lane 0 alone in the second: Nsight Compute counted 33 requests at N = 1000)
        V result = Op::identity();
        if (!io.exclusive)
            result = s[i];
        else if (i > 0)
            result = s[i - 1];
        store_output<Op>(io, out, i, result);
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "hillis-steele";
    static constexpr const char* kDescription = "Hillis–Steele in place: in each of log n iterations every "
                                                "element adds the one offset places to its left, with a "
                                                "barrier between reading and writing.";
    static constexpr KernelFamily kFamily = KernelFamily::scan;
    static constexpr KernelKind kKind = KernelKind::block_scan;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr PhaseSpec kReadPartner{
        "scan-read", "iteration {level}, offset {offset}: read partner", nullptr,
        "Iteration {level} (offset {offset}): each thread t ≥ {first} reads its partner {reads} into a register."};
    static constexpr PhaseSpec kCombineAndWrite{
        "scan-write", "iteration {level}, offset {offset}: combine and write", nullptr,
        "Iteration {level}: each thread t ≥ {first} combines the partner's value with {reads} and writes {writes}; "
        "the barrier before this step kept every partner read from seeing a new value."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kReadPartner, kCombineAndWrite, kStoreOutput};
    static constexpr int kTextbookOrder = 2; // the step-efficient scan GPU Gems 3 ch. 39 shows before Blelloch's
};

} // namespace prefixlab
