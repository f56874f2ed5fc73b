// Scan-then-propagate (the CUDA Handbook's scan-then-fan; GPU Gems 3, ch. 39): the multi-block scan a
// lecture reaches for first, because it reuses the block scan unchanged.
//
//   launch 1 "scan tiles"         every block scans its tile exactly as a single block would and stores
//                                 the tile's total: reads N, writes N (+ N / tile totals)
//   launch 2 "scan the totals"    the spine: the totals are an array of N / tile elements, scanned in
//                                 place by the same driver, recursively (a level per factor of `tile`:
//                                 two levels up to tile² elements, three up to tile³)
//   launch 3 "propagate"          every tile but the first combines its predecessor's scanned total,
//                                 the exclusive prefix of the tile, into each of its elements:
//                                 reads N, writes N
// 4N memory operations in all: the array goes through DRAM twice. Reduce-then-scan
// (reduce_then_scan.cuh) needs 3N, two-level (two_level_scan.cuh) 3N with a fixed, tiny spine.
//
// This file holds launch 1 (launch 3 is propagate_tile_prefix.cuh, which the atomic global scan
// shares); kernels/grid/grid_driver_plan.hpp strings the launches together.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/tile_scan_context.hpp"

#include <cstdint>

namespace prefixlab {

// Launch 1 (and every spine level): block b scans tile b with the block body and stores its total at
// totals[totals_base + b]. A level of one tile (totals.data null) stores none: it is the last level.
template <class Body>
struct ScanTileStoreTotal : BodyTileLaunch<Body> {
    static constexpr const char* kSourcePath = "kernels/grid/scan_then_propagate.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const DriverLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        ctx.begin(step_tag(kFile, kScanTile.phase, __LINE__));
        ScanIo<T> tile = tile_io(io, b);
        const bool stores_total = io.totals.data != nullptr;
        // Inclusive: the thread that stores the tile's last output stores the total too (ScanIo), no
        // barrier. Exclusive: the last output is the prefix before the last element; the total is read
        // back after the body (below).
        if (stores_total && !io.exclusive) {
            tile.tile_totals = io.totals.data;
            tile.tile_totals_count = io.totals.count;
            tile.tile_total_index = io.totals_base + b;
        }
        scan_tile_with<Body, Op>(ctx, tile);
        if (stores_total && io.exclusive) {
            const T total = scanned_tile_total<Op>(ctx, tile, step_tag(kFile, kStoreTotal.phase, __LINE__));
            if (ctx.thread_index() == 0)
                write_total(ctx, io.totals, io.totals_base + b, total);
        }
    }

    // Declared after run() so that its sync points keep their source lines.
    static constexpr PhaseSpec kScanTile{"stp-scan-tile", "scan the tile", nullptr,
                                         "The block scans its tile as a single block would; the thread "
                                         "that stores the last element stores the tile's total too."};
    static constexpr PhaseSpec kStoreTotal{"stp-store-total", "store the tile's total", nullptr,
                                           "Thread 0 reads the tile's last output back, combines the "
                                           "last input (an exclusive scan stored the prefix before it) "
                                           "and stores the tile's total."};
    static constexpr PhaseSpec kPhases[] = {kScanTile, kStoreTotal};
};

} // namespace prefixlab
