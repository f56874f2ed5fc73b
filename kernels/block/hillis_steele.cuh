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

#include "../common/host_device.hpp"
#include "../common/scan_io.hpp"
#include "../common/shared_layout.hpp"
#include "../common/step_tag.hpp"

namespace prefixlab {

struct HillisSteele {
    static constexpr int kMaxN = 1024;
    static constexpr KernelFile kFile = KernelFile::hillis_steele;
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

        ctx.begin(step_tag(kFile, Phase::load, __LINE__));
        if (mine)
            s[i] = in[i];

        std::uint16_t iteration = 1;
        for (int offset = 1; offset < io.n; offset *= 2, ++iteration) {
            // barrier: the previous iteration's writes are visible to every thread
            ctx.sync(step_tag(kFile, Phase::scan_read, __LINE__, iteration, offset));
            V partner = Op::identity();
            if (mine && i >= offset)
                partner = s[i - offset];
            // barrier: every thread has read its partner before anyone overwrites it
            ctx.sync(step_tag(kFile, Phase::scan_write, __LINE__, iteration, offset));
            if (mine && i >= offset)
                s[i] = Op::apply(partner, s[i]);
        }

        // barrier: the last iteration's writes are visible before the exclusive shift reads s[i - 1]
        ctx.sync(step_tag(kFile, Phase::store, __LINE__));
        if (!mine)
            return;
        if (!io.exclusive)
            store_output<Op>(io, out, i, s[i]);
        else if (i > 0)
            store_output<Op>(io, out, i, s[i - 1]);
        else
            store_output<Op>(io, out, i, Op::identity());
    }
};

} // namespace prefixlab
