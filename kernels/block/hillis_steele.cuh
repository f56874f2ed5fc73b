// Hillis–Steele inclusive scan of one block (Hillis & Steele 1986; GPU Gems 3 ch. 39, "naive scan"):
// one element per thread, in place in shared memory. Each iteration every thread i >= offset adds
// the element `offset` places to its left; after ceil(log2 n) iterations s[i] holds x0 ⊕ … ⊕ xi.
// It does O(n log n) work against the serial O(n), the price of its log n depth.
//
// In place needs two barriers per iteration: one so that every thread has read before anyone writes
// (otherwise a thread could read a partner that was already updated in this iteration), and one so
// that every write is visible before the next iteration reads.
#pragma once

#include "../common/host_device.hpp"
#include "../common/scan_io.hpp"
#include "../common/shared_layout.hpp"
#include "../common/step_tag.hpp"

namespace prefixlab {

struct HillisSteele {
    static constexpr int kMaxN = 1024;
    static constexpr const char* kSource = "kernels/block/hillis_steele.cuh";
    static constexpr bool kWatchesRegisters = false;

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return n; }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(SharedBufferId::data, static_cast<std::uint32_t>(n));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        const auto s = ctx.template shared<T>(layout(io.n).find(SharedBufferId::data));
        const int i = ctx.thread_index();

        ctx.begin(step_tag(Phase::load, __LINE__));
        s[i] = io.input[i];

        std::uint16_t level = 1;
        for (int offset = 1; offset < io.n; offset *= 2, ++level) {
            // barrier: the previous iteration's writes are visible to every thread
            ctx.sync(step_tag(Phase::scan_read, __LINE__, level, offset));
            T partner = Op::identity();
            if (i >= offset)
                partner = s[i - offset];
            // barrier: every thread has read its partner before anyone overwrites it
            ctx.sync(step_tag(Phase::scan_write, __LINE__, level, offset));
            if (i >= offset)
                s[i] = Op::apply(partner, s[i]);
        }

        // barrier: the last iteration's writes are visible before the exclusive shift reads s[i - 1]
        ctx.sync(step_tag(Phase::store, __LINE__));
        if (io.exclusive)
            io.output[i] = i == 0 ? Op::identity() : T(s[i - 1]);
        else
            io.output[i] = s[i];
    }
};

} // namespace prefixlab
