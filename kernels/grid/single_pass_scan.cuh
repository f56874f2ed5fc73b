// The single-pass scan of a whole array, one tile per block, written once for the GPU and the emulator.
//
// A block
//   1. takes a tile: blockIdx.x, or the next value of a global atomic counter (take_tile.cuh);
//   2. reduces its tile to the tile's aggregate: each thread combines a strided share of the elements
//      (neighbouring threads read neighbouring elements: coalesced), each warp scans its threads' shares
//      with shuffles (kernels/warp/warp_scan.cuh) and its last lane keeps the warp's total (a block of
//      4, 8 or 16 threads is one partial warp: its shuffles name those lanes and its last present lane
//      keeps the total); after a barrier thread 0 combines the warps' totals;
//   3. learns its exclusive prefix from the tiles before it through the driver chosen: the chained scan
//      (chained_scan.cuh, thread 0 alone) or decoupled look-back (decoupled_look_back.cuh, the first
//      warp, one predecessor per lane), which also publish the tile's inclusive prefix for later tiles;
//   4. scans its tile with a block scan body of kernels/block/ whose ScanIo carries that prefix, so that
//      every output is written once, already combined with everything before the tile.
// The input is read twice (steps 2 and 4, the second time mostly from L2) and the output written once.
//
// Shared memory: the body's buffers first (from word 0, as the body lays them out alone), then 34 words
// of the grid kernel's own: the 32 warp totals of step 2, the tile index (step 1) and the exclusive
// prefix (step 3), each handed from one thread to the block across a barrier.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/chained_scan.cuh"
#include "kernels/grid/decoupled_look_back.cuh"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/take_tile.cuh"
#include "kernels/grid/tile_scan_context.hpp"
#include "kernels/grid/tile_threads.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

struct SinglePassLayout {
    SharedLayout shared;   // what the launcher sizes dynamic shared memory from
    SharedBufferDesc grid; // the grid kernel's words, after the body's buffers

    // The tile's buffers, then `grid_words` words of the grid kernel's own.
    PL_HOST_DEVICE static constexpr SinglePassLayout after(SharedLayout tile, std::uint32_t grid_words) {
        SinglePassLayout layout;
        layout.shared = tile;
        layout.grid = layout.shared.add(BufferId::grid_words, grid_words);
        return layout;
    }
};

template <class Body>
struct SinglePassScan {
    static constexpr const char* kSourcePath = "kernels/grid/single_pass_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr std::uint32_t kTileSlot = 32;   // the tile index, after the 32 warp totals
    static constexpr std::uint32_t kPrefixSlot = 33; // the tile's exclusive prefix
    static constexpr std::uint32_t kGridWords = 34;

    // Threads per block: 4, 8, 16 or a multiple of 32 (tile_threads.hpp) up to the body's limit.
    PL_HOST_DEVICE static constexpr int max_threads() {
        return Body::kMaxN / Body::kElementsPerThread < kMaxBlockThreads ? Body::kMaxN / Body::kElementsPerThread
                                                                         : kMaxBlockThreads;
    }
    PL_HOST_DEVICE static constexpr bool threads_valid(int threads) {
        return tile_threads_valid(threads, max_threads());
    }
    PL_HOST_DEVICE static constexpr int tile_elements(int threads) {
        return threads * Body::kElementsPerThread;
    }

    PL_HOST_DEVICE static constexpr SinglePassLayout layout(int threads) {
        return SinglePassLayout::after(Body::layout(tile_elements(threads)), kGridWords);
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const GridScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const int threads = ctx.block_threads();
        const int i = ctx.thread_index();
        const SinglePassLayout shape = layout(threads);
        const auto words = ctx.template shared<std::uint32_t>(shape.grid);
        const auto partials = ctx.template shared<T>(shape.grid);

        // 1. take a tile
        ctx.begin(step_tag(kFile, kTakeTile.phase, __LINE__));
        const std::uint32_t tile = take_tile(ctx, io, words, kTileSlot, step_tag(kFile, kReduceTile.phase, __LINE__));
        ScanIo<T> tile_io = single_pass_tile_io(io, tile);

        // 2. the tile's aggregate
        const T aggregate = reduce_tile<Op>(ctx, tile_io, partials);

        // 3. the prefix of every tile before this one, by the chosen driver: the chained scan's thread 0,
        //    or decoupled look-back's first warp, one predecessor per lane
        if (io.driver == GridDriver::chained) {
            if (i == 0)
                partials[kPrefixSlot] = chained_scan_prefix<Op>(ctx, io.status, tile, aggregate);
        } else if (i < kWarpLanes) {
            const T prefix = decoupled_look_back<Op>(ctx, io.status, tile, aggregate, static_cast<std::uint32_t>(i),
                                                     lanes_present(threads, 0), kLookBack.phase);
            if (i == 0)
                partials[kPrefixSlot] = prefix;
        }
        if (i == 0)
            clear_for_next_run(ctx, io, tile);
        // barrier: the exclusive prefix is in shared memory
        ctx.sync(step_tag(kFile, kScanTile.phase, __LINE__));
        if (tile > 0) {
            const V prefix = partials[kPrefixSlot];
            tile_io.has_carry = true;
            tile_io.carry = plain_value(prefix);
        }

        // 4. scan the tile, every output combined with the prefix as it is stored
        TileScanContext<Ctx> tile_ctx(ctx);
        Body::template run<Op>(tile_ctx, tile_io);
    }

    // Step 2 above; the aggregate is valid in thread 0 only.
    template <class Op, class Ctx, class Partials>
    PL_BODY static typename Op::value_type
    reduce_tile(Ctx& ctx, const ScanIo<typename Op::value_type>& tile_io, const Partials& partials) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const auto in = block_input(ctx, tile_io);
        const int threads = ctx.block_threads();
        const int i = ctx.thread_index();
        T share = Op::identity();
        PL_CUDA_PRAGMA(unroll 1) for (int k = i; k < tile_io.n; k += threads) {
            const V x = in[k];
            share = Op::combine(share, plain_value(x));
        }
        V x = share;
        const int warp = i / kWarpLanes;
        const auto lane = static_cast<std::uint32_t>(i % kWarpLanes);
        warp_inclusive_scan<Op>(ctx, x, lane, present_lane_mask(threads, warp), kReduceShuffle.phase);
        if (lane == static_cast<std::uint32_t>(last_present_lane(threads, warp)))
            partials[warp] = plain_value(x); // the warp's total
        // barrier: every warp's total is in shared memory
        ctx.sync(step_tag(kFile, kLookBack.phase, __LINE__));
        T aggregate = Op::identity();
        if (i == 0)
            for (int w = 0; w < warps_in(threads); ++w) {
                const V total = partials[w];
                aggregate = Op::combine(aggregate, plain_value(total));
            }
        return aggregate;
    }

    // Declared after run() so that the sync points above keep their source lines.
    static constexpr PhaseSpec kTakeTile = kTakeTilePhase;
    static constexpr PhaseSpec kReduceTile{"reduce-tile", "reduce the tile", nullptr,
                                           "Each thread combines its share of the tile's elements."};
    static constexpr PhaseSpec kReduceShuffle{"reduce-shuffle", "reduce the tile: shuffle δ={offset}",
                                              nullptr,
                                              "Each warp scans its threads' shares, shuffle δ={offset}."};
    static constexpr PhaseSpec kLookBack{"look-back", "publish and look back", nullptr,
                                         "Thread 0 combines the warps' totals into the tile's aggregate; the "
                                         "prefix of the tiles before it comes from their status words."};
    static constexpr PhaseSpec kScanTile{"scan-tile", "scan the tile with its prefix", nullptr,
                                         "The block scans its tile, combining the prefix into every output."};
    static constexpr PhaseSpec kPhases[] = {kTakeTile, kReduceTile, kReduceShuffle, kLookBack, kScanTile};
    // The protocols' own files (their polls and publishes are the look-back step's accesses), and the
    // warp scan whose shuffle rounds the reduction opens.
    static constexpr const char* kHelperSourcePaths[] = {"kernels/grid/chained_scan.cuh",
                                                         "kernels/grid/decoupled_look_back.cuh",
                                                         "kernels/grid/publish_tile_status.cuh", kWarpScanSourcePath};
};

} // namespace prefixlab
