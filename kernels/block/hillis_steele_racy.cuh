// Hillis–Steele in place WITHOUT the barrier between reading the partner and writing back: the race students
// are warned about. A thread may read s[i - offset] after its owner has already added to it in the same
// iteration, and the scan comes out wrong. Lanes in lockstep read before any write, so in warp order the race
// shows from the second warp on; the emulator's interleaved order shows it within one warp (docs/emulator.md:
// every order is the same on every run). On the GPU it depends on how warps interleave; racecheck reports it.
#pragma once

#include "kernels/block/hillis_steele.cuh"
#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"

namespace prefixlab {

struct HillisSteeleRacy {
    static constexpr int kMaxN = kMaxBlockThreads; // one element per thread
    static constexpr const char* kSourcePath = "kernels/block/hillis_steele_racy.cuh";
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

        ctx.begin(step_tag(kFile, kLoadIntoShared.phase, __LINE__));
        if (mine)
            s[i] = in[i];

        std::uint16_t iteration = 1;
        for (int offset = 1; offset < io.n; offset *= 2, ++iteration) { // <quiz:in-place>
            // barrier: the previous iteration's writes are visible ...
            ctx.sync(step_tag(kFile, kRacyStep.phase, __LINE__, iteration, offset));
            // ... but nothing stops a faster warp from overwriting s[i - offset] before it is read.
            if (mine && i >= offset)
                s[i] = Op::apply(s[i - offset], s[i]);
        } // </quiz:in-place>

        ctx.sync(step_tag(kFile, kStoreOutput.phase, __LINE__));
        if (!mine)
            return;
        // one store for every lane, as hillis_steele.cuh says why
        typename Ctx::template value<T> result = Op::identity();
        if (!io.exclusive)
            result = s[i];
        else if (i > 0)
            result = s[i - 1];
        store_output<Op>(io, out, i, result);
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    static constexpr const char* kName = "hillis-steele-racy";
    static constexpr const char* kDescription = "Hillis–Steele in place without the barrier between reading "
                                                "and writing: the race students are warned about, wrong "
                                                "from the second warp on (in the emulator's interleaved "
                                                "warp order, within one).";
    static constexpr KernelFamily kFamily = KernelFamily::quiz_variant;
    static constexpr KernelKind kKind = KernelKind::block_scan;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    // Wrong by design: no benchmark driver wraps it, and its result is not checked against the reference.
    static constexpr bool kRacy = true;
    using CorrectTwin = HillisSteele;
    static constexpr PhaseSpec kRacyStep{
        "racy-step", "iteration {level}, offset {offset} (no barrier)", nullptr,
        "Iteration {level} (offset {offset}), no barrier between read and write: each thread t ≥ {first} reads "
        "{reads} and writes {writes} in one step, so a partner may already hold its new value."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoShared, kRacyStep, kStoreOutput};
};

} // namespace prefixlab
