// The global scan of many lectures' first multi-block attempt: no spine kernel at all, the tiles'
// totals are combined into their successors with atomics.
//
//   launch 1 "scan tiles, add to later"   block b scans its tile with the block body, then, from the
//                                         tile's total, atomically combines that total into the
//                                         partial sum of EVERY later tile: partial[j] ⊕= total(b) for
//                                         all j > b (the block's threads share the j's)
//   launch 2 "propagate"                  every tile but the first combines its partial, which now
//                                         holds the combined total of every tile before it, into its
//                                         elements (propagate_tile_prefix.cuh)
// Correct for any associative and commutative operator the hardware has an atomic for (add, max, min:
// the context's atomic_combine<Op>), since the partials receive their contributions in no fixed order.
// But quadratic: with T = N / tile tiles, launch 1 makes T(T-1)/2 atomics, all on T words, where the
// spine of scan-then-propagate makes T reads and writes. At N = 2^20 and 1024-element tiles that is
// half a million atomics; at 2^24, 134 million, on only 16384 words (contended in L2): time grows as N²
// while every other driver's grows as N, which the benchmark shows and then stops (docs/benchmarks.md).
// The partials are filled with the operator's identity before launch 1 (the plan does it).
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/tile_scan_context.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

template <class Body>
struct ScanTileAddToLater : BodyTileLaunch<Body> {
    static constexpr const char* kSourcePath = "kernels/grid/atomic_global_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const DriverLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        ctx.begin(step_tag(kFile, kScanTile.phase, __LINE__));
        const ScanIo<T> tile = tile_io(io, b);
        scan_tile_with<Body, Op>(ctx, tile);
        const auto tiles = static_cast<std::uint32_t>(tiles_of(io));
        if (b + 1 == tiles)
            return; // the last tile has no later tile to add to
        // Every thread needs the total for its share of the atomics: read back after a barrier.
        const T total = scanned_tile_total<Op>(ctx, tile, step_tag(kFile, kAddToLater.phase, __LINE__));
        const auto threads = static_cast<std::uint32_t>(ctx.block_threads());
        PL_CUDA_PRAGMA(unroll 1) for (std::uint32_t j = b + 1 + static_cast<std::uint32_t>(ctx.thread_index()); j < tiles; j += threads)
            ctx.template atomic_combine<Op>(io.totals, io.totals_base + j, total);
    }

    static constexpr PhaseSpec kScanTile{"atomic-scan-tile", "scan the tile", nullptr,
                                         "The block scans its tile as a single block would."};
    static constexpr PhaseSpec kAddToLater{"atomic-add-later", "add the tile's total to every later tile",
                                           nullptr,
                                           "Every thread reads the tile's total back and atomically combines "
                                           "it into the partial sums of its share of the later tiles."};
    static constexpr PhaseSpec kPhases[] = {kScanTile, kAddToLater};
};

} // namespace prefixlab
