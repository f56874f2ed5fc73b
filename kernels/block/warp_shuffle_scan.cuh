// Block scan from warp shuffles, scan-then-fan (CUB's BLOCK_SCAN_WARP_SCANS; moderngpu's cta_scan):
//   1. every warp scans its 32 values in registers with __shfl_up_sync (warp/warp_scan.cuh);
//   2. the last lane of each warp stores the warp's total in shared memory;
//   3. warp 0 loads the totals and scans them the same way;
//   4. every warp but the first adds the total of the warps before it (the fan-out).
// Shared memory holds 32 words; the values themselves never leave registers. The exclusive result is
// the inclusive one shifted by one lane, with the preceding warps' total in each warp's lane 0.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstdint>

namespace prefixlab {

template <ShufflePlacement kPlacement> struct WarpShuffleScanWith {
    static constexpr int kMaxN = kMaxBlockThreads; // one element per thread
    static constexpr const char* kSourcePath = "kernels/block/warp_shuffle_scan.cuh";
    static constexpr bool kWatchesRegisters = true;
    static constexpr int kElementsPerThread = 1;

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return n; }

    PL_HOST_DEVICE static constexpr SharedLayout layout(int) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, 32);
        return layout;
    }

    // The lanes of `warp` that own an element (a last, partial warp has fewer than 32; a warp beyond
    // N none), and the mask of the lanes present in the block, which every shuffle names: all present
    // lanes take part (those beyond N with the identity), since a warp whose lanes split between a
    // shuffle and a barrier hung on an H100 (__syncthreads is an aligned barrier).
    PL_HOST_DEVICE static constexpr int lanes_in(int count, int warp) {
        // kernels/warp/warp_lanes.hpp: one definition for the block scans and the grid reductions
        return lanes_present(count, warp);
    }
    PL_HOST_DEVICE static constexpr std::uint32_t lane_mask(int block_threads, int warp) {
        // the same mask on every shuffle of a block, whatever kernel it is in
        return present_lane_mask(block_threads, warp);
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const auto in = block_input(ctx, io);
        const auto out = block_output(ctx, io);
        const auto totals = ctx.template shared<T>(layout(io.n).find(BufferId::warp_totals));
        const int i = ctx.thread_index();
        const int warp = i / 32;
        const std::uint32_t lane = static_cast<std::uint32_t>(i % 32);
        const int warps = (io.n + 31) / 32;
        const std::uint32_t mask = lane_mask(ctx.block_threads(), warp);
        const int lanes = lanes_in(io.n, warp); // lanes owning an element; the block may be larger
        const bool mine = i < io.n;
        const bool warp_works = lanes > 0;       // the same for every lane of the warp

        ctx.begin(step_tag(kFile, kLoadIntoRegisters.phase, __LINE__));
        V x = Op::identity();
        if (mine)
            x = in[i];
        const auto watching_x = ctx.watch_register(x);

        if (warp_works) {
            // 1. scan within the warp
            warp_inclusive_scan_placed<Op, kPlacement>(ctx, x, lane, mask, kWarpShuffle.phase);
            // 2. the warp's last lane holds its total
            if (lane == static_cast<std::uint32_t>(lanes - 1))
                totals[warp] = x;
        }

        // barrier: every warp's total is in shared memory
        ctx.sync(step_tag(kFile, kTotalsLoad.phase, __LINE__));
        if (warp == 0) {
            // 3. warp 0 scans the totals (lanes beyond the last warp hold the identity)
            V total = Op::identity();
            // watched until the barrier below; once this block ends, its last value is what the
            // barrier's snapshot shows (RegisterWatch keeps it: `total` is gone by then)
            const auto watching_total = ctx.watch_register(total);
            if (lane < static_cast<std::uint32_t>(warps))
                total = totals[lane];
            warp_inclusive_scan_placed<Op, kPlacement>(ctx, total, lane, mask, kTotalsShuffle.phase);
            if (lane < static_cast<std::uint32_t>(warps))
                totals[lane] = total;
        }

        // barrier: the scanned totals are visible
        ctx.sync(step_tag(kFile, kFanOut.phase, __LINE__));
        const auto watching_x_again = ctx.watch_register(x); // warp 0 showed its total up to the barrier
        if (!warp_works)
            return;
        // 4. fan out: the total of the warps before this one (loaded once, used twice when exclusive)
        V preceding = Op::identity();
        if (warp > 0 && mine) {
            preceding = totals[warp - 1];
            x = Op::apply(preceding, x);
        }

        if (!io.exclusive) {
            if (mine)
                store_output<Op>(io, out, i, x);
            return;
        }
        V shifted = ctx.shfl_up(x, 1, mask, step_tag(kFile, kExclusiveShift.phase, __LINE__, 1, 1));
        if (lane == 0)
            shifted = preceding;
        if (mine)
            store_output<Op>(io, out, i, shifted);
    }

    // --- catalogue entry (kernels/kernel_catalog.hpp lists what each member means) ---
    // Declared after run() so that the sync points above keep their source lines, which trace files record.
    // The scan (before_branch) and the lecture's wrong one (inside_branch, issue 16's quiz question 3: the
    // shuffle inside `if (lane >= delta)`, which the emulator reports and a GPU may hang on) share this body.
    static constexpr bool kCorrect = kPlacement == ShufflePlacement::before_branch;
    static constexpr const char* kName = kCorrect ? "warp-shuffle" : "warp-shuffle-in-branch";
    static constexpr const char* kDescription =
        kCorrect ? "Every warp scans its values in registers with shuffles, warp 0 scans the warps' totals, and "
                   "each warp adds the total of the warps before it."
                 : "warp-shuffle with the warp scan's shuffle inside `if (lane >= delta)`: lanes the mask names "
                   "skip it, which the emulator reports and a GPU may hang on.";
    static constexpr KernelFamily kFamily = kCorrect ? KernelFamily::scan : KernelFamily::quiz_variant;
    static constexpr bool kRacy = !kCorrect;
    static constexpr bool kDivergentSync = !kCorrect;
    // kernels/kernel_catalog.hpp: void, no twin (<type_traits> from catalogue_entry.hpp: an include line here
    // would move the body's lines, which the shipped traces record)
    using CorrectTwin = std::conditional_t<kCorrect, void, WarpShuffleScanWith<ShufflePlacement::before_branch>>;
    static constexpr KernelKind kKind = KernelKind::block_scan;
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr const char* kHelperSourcePaths[] = {kWarpScanSourcePath}; // its shuffle rounds open there
    static constexpr PhaseSpec kWarpShuffle{
        "warp-shuffle", "warp scan: shuffle δ={offset}", nullptr,
        "Warp scan, shuffle δ={offset}: {shuffle} and combines it with its own; registers only, no shared "
        "memory and no barrier."};
    static constexpr PhaseSpec kTotalsLoad{"totals-load", "warp 0 loads the warp totals", nullptr,
                                           "After the barrier, warp 0 reads the warps' totals: {reads}."};
    static constexpr PhaseSpec kTotalsShuffle{
        "totals-shuffle", "scan warp totals: shuffle δ={offset}", nullptr,
        "Warp 0 scans the warps' totals, shuffle δ={offset}: {shuffle} and combines it with its own."};
    static constexpr PhaseSpec kFanOut{"fan-out", "add the preceding warps' total", nullptr,
                                       "After the barrier, {active_threads} add the total of the warps before "
                                       "their own: {reads}."};
    static constexpr PhaseSpec kExclusiveShift{"exclusive-shift", "exclusive: shift by one lane", nullptr,
                                               "Exclusive scan: {shuffle}, so each thread holds its left "
                                               "neighbour's result."};
    static constexpr PhaseSpec kPhases[] = {kLoadIntoRegisters, kWarpShuffle, kTotalsLoad,
                                            kTotalsShuffle,     kFanOut,      kExclusiveShift};
};

using WarpShuffleScan = WarpShuffleScanWith<ShufflePlacement::before_branch>;
using WarpShuffleInBranch = WarpShuffleScanWith<ShufflePlacement::inside_branch>;

} // namespace prefixlab
