// Reduce-then-scan (the CUDA Handbook's reduce-then-scan; CUB's and Thrust's multi-pass scans before
// decoupled look-back): like scan-then-propagate, but the first pass only reduces, so the array is
// written once.
//
//   launch 1 "reduce tiles"       one warp per tile combines the tile's elements into its total:
//                                 reads N, writes N / tile totals (no block scan, no shared memory)
//   launch 2 "scan the totals"    the spine: the totals scanned in place by the same driver,
//                                 recursively, as in scan-then-propagate
//   launch 3 "scan tiles"         every block scans its tile again with the block body, the scanned
//                                 total of the tiles before it as the ScanIo's carry, so that every
//                                 output is written once, already final: reads N, writes N
// 3N memory operations: the input is read twice (the second time often partly from L2), the output
// written once. A level of one tile is launch 3 alone, with no carry.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/tile_scan_context.hpp"
#include "kernels/grid/vector_words.cuh"
#include "kernels/warp/warp_lanes.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// Launch 1: warp w of block b reduces tile b · kWarps + w and its last lane stores the total at
// totals[totals_base + tile]. A warp is enough: a tile's reduction is a stream of loads, and one warp
// per tile keeps every block busy without a barrier. The block's trace indexes the level's array from
// the block's first element (its first tile), so that its warps' reads never share an index.
struct ReduceTiles {
    static constexpr const char* kSourcePath = "kernels/grid/reduce_then_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr int kWarps = 8;
    static constexpr int kThreads = kWarps * kWarpLanes; // whole warps: every shuffle's mask is the full one

    PL_HOST_DEVICE static constexpr SharedLayout layout(int) { return SharedLayout{}; }
    PL_HOST_DEVICE static constexpr std::size_t blocks_for(std::size_t tiles) { return (tiles + kWarps - 1) / kWarps; }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const DriverLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const int i = ctx.thread_index();
        const int warp = i / kWarpLanes;
        const auto lane = static_cast<std::uint32_t>(i % kWarpLanes);
        const std::size_t first_tile = std::size_t(ctx.block_index()) * kWarps;
        const std::size_t t = first_tile + std::size_t(warp);
        ctx.begin(step_tag(kFile, kReduce.phase, __LINE__));
        if (t >= tiles_of(io))
            return; // a whole warp leaves: the shuffles below see full warps only
        const std::size_t block_base = first_tile * std::size_t(io.tile);
        const std::size_t block_left = io.n - block_base;
        const std::size_t block_count =
            block_left < std::size_t(kWarps) * io.tile ? block_left : std::size_t(kWarps) * io.tile;
        const ScanIo<T> span = span_io(io, block_base, block_count);
        const ScanIo<T> tile = tile_io(io, t);
        const auto offset = static_cast<std::uint32_t>((t - first_tile) * std::size_t(io.tile));
        T sum = Op::identity();
        bool reduced = false;
#if defined(__CUDACC__)
        // Untraced GPU: whole 16-byte vectors where the tile allows (vector_words.cuh says why).
        if constexpr (!Ctx::traced)
            if (quad_aligned(tile.input, std::size_t(tile.n))) {
                sum = reduce_quads<Op>(tile.input, std::size_t(tile.n), lane, 32);
                reduced = true;
            }
#endif
        if (!reduced) {
            const auto in = block_input(ctx, span);
            for (auto k = lane; k < static_cast<std::uint32_t>(tile.n); k += 32) {
                const V x = in[offset + k];
                sum = Op::combine(sum, plain_value(x));
            }
        }
        V x = sum;
        warp_inclusive_scan<Op>(ctx, x, lane, present_lane_mask(kThreads, warp), kReduceShuffle.phase);
        if (lane == static_cast<std::uint32_t>(last_present_lane(kThreads, warp)))
            write_total(ctx, io.totals, io.totals_base + static_cast<std::uint32_t>(t), plain_value(x));
    }

    static constexpr PhaseSpec kReduce{"rts-reduce", "reduce the tiles, a warp each", nullptr,
                                       "Each warp reduces one tile: every lane combines a strided share "
                                       "of the tile's elements."};
    static constexpr PhaseSpec kReduceShuffle{"rts-reduce-shuffle", "reduce the tiles: shuffle δ={offset}",
                                              nullptr,
                                              "Each warp combines its lanes' shares, shuffle δ={offset}; the "
                                              "last lane stores the tile's total."};
    static constexpr PhaseSpec kPhases[] = {kReduce, kReduceShuffle};
};

// Launch 3: block b scans tile b with the block body, totals[totals_base + b - 1] (the scanned totals
// of the tiles before it) as the carry every output combines with. Also the last level of a spine (a
// single tile, no totals) and the two-level spine (the B partials, one tile).
template <class Body>
struct ScanTileWithCarry : BodyTileLaunch<Body> {
    static constexpr const char* kSourcePath = "kernels/grid/reduce_then_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const DriverLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        ctx.begin(step_tag(kFile, kScanWithCarry.phase, __LINE__));
        ScanIo<T> tile = tile_io(io, b);
        if (b > 0) {
            tile.has_carry = true; // every thread reads the carry: one word, a broadcast
            tile.carry = read_total(ctx, io.totals, io.totals_base + b - 1);
        }
        scan_tile_with<Body, Op>(ctx, tile);
    }

    static constexpr PhaseSpec kScanWithCarry{"rts-scan-tile", "scan the tile with its prefix", nullptr,
                                              "Every thread reads the prefix of the tiles before this one; "
                                              "the block scans its tile, combining the prefix into every "
                                              "output as it is stored."};
    static constexpr PhaseSpec kPhases[] = {kScanWithCarry};
};

} // namespace prefixlab
