// Hillis–Steele with two shared buffers (GPU Gems 3 ch. 39, Algorithm 1 as written there): each
// iteration reads one buffer and writes the other, so no thread can overwrite a value another thread
// still has to read, and one barrier per iteration suffices. The price is twice the shared memory.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct HillisSteeleDoubleBuffer {
    static constexpr int kMaxN = kMaxBlockThreads; // one element per thread
    static constexpr const char* kSourcePath = "kernels/block/hillis_steele_double_buffer.cuh";
    static constexpr bool kWatchesRegisters = false;
    static constexpr int kElementsPerThread = 1;

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return n; }

    // ping and pong one after the other: pong's words start n words later, in other banks.
    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::ping, static_cast<std::uint32_t>(n));
        layout.add(BufferId::pong, static_cast<std::uint32_t>(n));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const SharedLayout buffers = layout(io.n);
        const auto ping = ctx.template shared<T>(buffers.find(BufferId::ping));
        const auto pong = ctx.template shared<T>(buffers.find(BufferId::pong));
        using V = typename Ctx::template value<T>;
        const int i = ctx.thread_index();
        const bool mine = i < io.n; // this thread owns an element (the block may be larger)

        ctx.begin(step_tag(kFile, kLoadIntoShared.phase, __LINE__));
        if (mine)
            ping[i] = in[i];

        // One iteration, from `source` into `target`. Called with the buffers named, never through a
        // reference chosen at run time: that made the compiled kernel keep the buffer views in local
        // memory and reach shared memory with generic loads and stores (seen in its PTX), which Nsight
        // Compute then counted with extra wavefronts.
        const auto iterate = [&](const auto& source, const auto& target, int offset) {
            if (!mine)
                return;
            // source[i] first: every thread needs it, so the compiled kernel loads it unconditionally;
            // and one store: a store in each branch of an if/else compiles to two instructions.
            const V own = source[i];
            V combined = own;
            if (i >= offset)
                combined = Op::apply(source[i - offset], own);
            target[i] = combined;
        };

        bool result_in_ping = true;
        std::uint16_t iteration = 1;
        for (int offset = 1; offset < io.n; offset *= 2, ++iteration) {
            // barrier: the previous iteration's buffer is complete; the one written now is no longer read
            ctx.sync(step_tag(kFile, kPingPongStep.phase, __LINE__, iteration, offset));
            if (result_in_ping)
                iterate(ping, pong, offset);
            else
                iterate(pong, ping, offset);
            result_in_ping = !result_in_ping;
        }

        ctx.sync(step_tag(kFile, kStoreOutput.phase, __LINE__));
        if (!mine)
            return;
        // one store for every lane, as hillis_steele.cuh says why
        const auto store = [&](const auto& buffer) {
            V result = Op::identity();
            if (!io.exclusive)
                result = buffer[i];
            else if (i > 0)
                result = buffer[i - 1];
            store_output<Op>(io, out, i, result);
        };
        if (result_in_ping)
            store(ping);
        else
            store(pong);
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "hillis-steele-double-buffer";
    static constexpr const char* kDescription = "Hillis–Steele with two shared buffers: each iteration reads "
                                                "one and writes the other, so one barrier per iteration "
                                                "suffices, for twice the shared memory.";
    static constexpr KernelFamily kFamily = KernelFamily::scan;
    static constexpr KernelKind kKind = KernelKind::block_scan;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    // iteration 1 reads ping and writes pong, iteration 2 the other way round, and so on
    static constexpr PhaseSpec kPingPongStep{
        "scan-step", "iteration {level}, offset {offset}: ping → pong",
        "iteration {level}, offset {offset}: pong → ping",
        "Iteration {level} (offset {offset}): each thread reads {reads} and writes {writes}; reads and writes "
        "go to different buffers, so one barrier per iteration suffices."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kPingPongStep, kStoreOutput};
};

} // namespace prefixlab
