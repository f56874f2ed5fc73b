// Hillis–Steele in place WITHOUT the barrier between reading the partner and writing back: the race
// students are warned about. A thread may read s[i - offset] after its owner has already added to it
// in the same iteration, and the scan comes out wrong. Within one warp the lanes read before any of
// them writes (they execute in lockstep), so the race shows from the second warp on. On the GPU the
// outcome depends on how warps happen to interleave; in the emulator it follows the documented
// schedule (docs/emulator.md) and is the same on every run. compute-sanitizer racecheck reports it.
#pragma once

#include "../common/host_device.hpp"
#include "../common/scan_io.hpp"
#include "../common/shared_layout.hpp"
#include "../common/step_tag.hpp"

namespace prefixlab {

struct HillisSteeleRacy {
    static constexpr int kMaxN = 1024;
    static constexpr KernelFile kFile = KernelFile::hillis_steele_racy;
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
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto s = ctx.template shared<T>(layout(io.n).find(BufferId::data));
        const int i = ctx.thread_index();

        const bool mine = i < io.n; // this thread owns an element (the block may be larger)

        ctx.begin(step_tag(kFile, Phase::load, __LINE__));
        if (mine)
            s[i] = in[i];

        std::uint16_t iteration = 1;
        for (int offset = 1; offset < io.n; offset *= 2, ++iteration) {
            // barrier: the previous iteration's writes are visible ...
            ctx.sync(step_tag(kFile, Phase::racy_step, __LINE__, iteration, offset));
            // ... but nothing stops a faster warp from overwriting s[i - offset] before it is read.
            if (mine && i >= offset)
                s[i] = Op::apply(s[i - offset], s[i]);
        }

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
