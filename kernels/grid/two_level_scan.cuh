// Two-level reduce-then-scan (Merrill & Grimshaw 2009; the CUDA Handbook, §13.4.3): reduce-then-scan
// with a FIXED number of blocks B, not one block per tile.
//
//   launch 1 "reduce runs"        block b owns a run of consecutive tiles (tiles_per_run of them) and
//                                 reduces the whole run to one partial: reads N, writes B partials
//   launch 2 "scan the partials"  one block scans the B partials in place (B is at most one tile)
//   launch 3 "scan runs"          block b scans its tiles one after another with the block body,
//                                 carrying the running total from tile to tile, the partials of the
//                                 blocks before it as the first carry: reads N, writes N
// 3N memory operations, like reduce-then-scan, but the spine is B elements, not N / tile: B is chosen
// from the GPU (one wave: as many blocks as it holds at once; the emulator and traces use 4) and does not grow with N, so the
// partial-sum array is small and fixed, the spine is a single block's scan at every N, and no level of
// recursion is ever needed. Each block walks its run serially, which is cheap because B blocks already
// fill the GPU: the parallelism is across runs, the serial carry inside one.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/tile_scan_context.hpp"
#include "kernels/grid/vector_words.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// The tiles [first, end) block b owns.
template <class T>
PL_HOST_DEVICE constexpr std::size_t run_first_tile(const DriverLaunchIo<T>& io, std::size_t b) {
    return b * std::size_t(io.tiles_per_run);
}
template <class T>
PL_HOST_DEVICE constexpr std::size_t run_end_tile(const DriverLaunchIo<T>& io, std::size_t b) {
    const std::size_t end = (b + 1) * std::size_t(io.tiles_per_run);
    return end < tiles_of(io) ? end : tiles_of(io);
}

// Launch 1: block b combines the elements of its run (each thread a strided share of every tile,
// neighbouring threads on neighbouring elements) and thread 0 stores the run's partial at
// totals[totals_base + b]. Traced, each tile is a step of its own (level = the tile's place in the run),
// so that a thread's accesses per step stay within the trace's bound and the grid view shows the run
// tile by tile; the untraced kernel needs no barrier there and has none.
struct ReduceRuns {
    static constexpr const char* kSourcePath = "kernels/grid/two_level_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // block_reduce's warp totals
    PL_HOST_DEVICE static constexpr SharedLayout layout(int) { return warp_totals_layout(); }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const DriverLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const auto threads = static_cast<std::uint32_t>(ctx.block_threads());
        const std::size_t first = run_first_tile(io, b), end = run_end_tile(io, b);
        ctx.begin(step_tag(kFile, kReduceRun.phase, __LINE__));
        T share = Op::identity();
        for (std::size_t t = first; t < end; ++t) {
            const ScanIo<T> tile = tile_io(io, t);
#if defined(__CUDACC__)
            // Untraced GPU: whole 16-byte vectors where the tile allows (vector_words.cuh says why).
            if constexpr (!Ctx::traced)
                if (quad_aligned(tile.input, std::size_t(tile.n))) {
                    share = Op::combine(share, reduce_quads<Op, 1>(tile.input, std::size_t(tile.n), i, threads));
                    continue;
                }
#endif
            if constexpr (Ctx::traced)
                if (t > first)
                    ctx.sync(step_tag(kFile, kReduceRun.phase, __LINE__, static_cast<std::uint16_t>(t - first)));
            const auto in = block_input(ctx, tile);
            // unroll 1: a strided loop with a run-time stride is not unrolled, so no division computes
            // its trip count (tests/ptx: untraced kernels do not divide)
            PL_CUDA_PRAGMA(unroll 1) for (std::uint32_t k = i; k < static_cast<std::uint32_t>(tile.n); k += threads) {
                const V x = in[k];
                share = Op::combine(share, plain_value(x));
            }
        }
        const auto warp_totals = ctx.template shared<T>(layout(0).find(BufferId::warp_totals));
        const T partial = block_reduce<Op>(ctx, share, warp_totals, kReduceShuffle.phase,
                                           step_tag(kFile, kCombineWarps.phase, __LINE__));
        if (i == 0)
            write_total(ctx, io.totals, io.totals_base + b, partial);
    }

    static constexpr PhaseSpec kReduceRun{"two-level-reduce", "reduce the run: tile {level}", nullptr,
                                          "Each thread combines its share of the next tile of the block's "
                                          "run into its running value."};
    static constexpr PhaseSpec kReduceShuffle{"two-level-reduce-shuffle", "reduce the run: shuffle δ={offset}",
                                              nullptr, "Each warp combines its threads' values, shuffle δ={offset}."};
    static constexpr PhaseSpec kCombineWarps{"two-level-combine", "combine the warps into the run's partial",
                                             nullptr,
                                             "Thread 0 combines the warps' totals into the run's partial and "
                                             "stores it."};
    static constexpr PhaseSpec kPhases[] = {kReduceRun, kReduceShuffle, kCombineWarps};
};

// Launch 3: block b scans the tiles of its run in order with the block body; the first with the
// scanned partial of the runs before it (totals[totals_base + b - 1]) as carry, each later one with the
// inclusive total up to the end of the tile before it, read back from the output after a barrier.
template <class Body>
struct ScanRuns : BodyTileLaunch<Body> {
    static constexpr const char* kSourcePath = "kernels/grid/two_level_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const DriverLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        const std::size_t first = run_first_tile(io, b), end = run_end_tile(io, b);
        ctx.begin(step_tag(kFile, kScanRun.phase, __LINE__));
        bool has_carry = b > 0;
        T carry = has_carry ? read_total(ctx, io.totals, io.totals_base + b - 1) : Op::identity();
        for (std::size_t t = first; t < end; ++t) {
            ScanIo<T> tile = tile_io(io, t);
            tile.has_carry = has_carry;
            tile.carry = carry;
            scan_tile_with<Body, Op>(ctx, tile);
            if (t + 1 < end) { // the barrier also keeps the next tile's shared memory from this one's readers
                carry = scanned_tile_total<Op>(
                    ctx, tile, step_tag(kFile, kCarry.phase, __LINE__, static_cast<std::uint16_t>(t + 1 - first)));
                has_carry = true;
            }
        }
    }

    static constexpr PhaseSpec kScanRun{"two-level-scan-tile", "scan the run's first tile with its prefix",
                                        nullptr,
                                        "Every thread reads the scanned partial of the runs before this "
                                        "block's; the block scans its first tile with it as carry."};
    static constexpr PhaseSpec kCarry{"two-level-carry", "carry into tile {level} of the run", nullptr,
                                      "Every thread reads back the last output of the tile before (the "
                                      "running total) and the block scans the next tile with it as carry."};
    static constexpr PhaseSpec kPhases[] = {kScanRun, kCarry};
};

} // namespace prefixlab
