// PrefixLab's tuned scan: the single-pass scan of a whole array with decoupled look-back, each tile held
// in registers (register_tile.cuh), written once for the GPU and the emulator.
//
// Unlike the single-pass scan around a block body (single_pass_scan.cuh), which reads its tile twice
// (to reduce it, then to scan it with the prefix), a block here reads its tile once into registers,
// scans it there, and writes it once: 2N memory operations for the whole array, a copy's traffic.
//
// A block
//   1. takes a tile (take_tile.cuh);
//   2. loads and scans its tile locally (RegisterTile::scan_locally: quads, quad rows by shuffles);
//   3. after a barrier, warp 0 scans the rows' totals (the tile's aggregate reaches lane 0) and learns the
//      tile's exclusive prefix: decoupled look-back with a window of one predecessor per lane
//      (decoupled_look_back.cuh, the code the look-back timeline traces), or the chained scan's thread 0;
//   4. after a barrier, every thread combines its elements with the prefix, its row's and its lane's,
//      and stores them.
// The untraced instantiation (the benchmark's, tuned: docs/tuned-scan.md) has many elements per thread
// and 16-byte loads and stores; the traced one (emulator, GPU grid traces) 4 elements per thread and
// small tiles, so that a lecture can step through it. Same source, same look-back.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/chained_scan.cuh"
#include "kernels/grid/decoupled_look_back.cuh"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/register_tile.cuh"
#include "kernels/grid/single_pass_scan.cuh" // SinglePassLayout
#include "kernels/grid/take_tile.cuh"
#include "kernels/grid/tile_threads.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

template <int kItems>
struct RegisterTileScan {
    using Tile = RegisterTile<kItems>;
    static constexpr const char* kSourcePath = "kernels/grid/register_tile_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr std::uint32_t kTileSlot = 0;   // the tile index
    static constexpr std::uint32_t kPrefixSlot = 1; // the tile's exclusive prefix
    static constexpr std::uint32_t kGridWords = 2;

    // Threads per block: 4, 8, 16 or a multiple of 32 (tile_threads.hpp), up to 1024.
    PL_HOST_DEVICE static constexpr int max_threads() { return kMaxBlockThreads; }
    PL_HOST_DEVICE static constexpr bool threads_valid(int threads) {
        return tile_threads_valid(threads, max_threads());
    }
    PL_HOST_DEVICE static constexpr int tile_elements(int threads) { return threads * kItems; }
    // The untraced kernel's registers, capped (kernels/device/grid_driver_scan.cuh): at 48 elements a
    // thread nvcc 13 took 92 uncapped (2 blocks of 256 threads an SM) where 80 do without spilling (3
    // blocks). Measured on the H100, uint32 + at 2^28, 256 × 48: 0.964 ms with 92 registers, 0.864 ms
    // with 80. Every operator fits: float max and min, which needed over 100, take 72 since CudaContext
    // reads the thread index afresh (kernels/cuda/cuda_context.cuh).
    static constexpr int kMaxRegisters = kItems + 32;

    PL_HOST_DEVICE static constexpr SinglePassLayout layout(int threads) {
        SinglePassLayout layout;
        layout.shared = Tile::layout(tile_elements(threads));
        layout.grid = layout.shared.add(BufferId::grid_words, kGridWords);
        return layout;
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
        const auto rows = ctx.template shared<T>(shape.shared.find(BufferId::warp_totals));

        // 1. take a tile
        ctx.begin(step_tag(kFile, kTakeTile.phase, __LINE__));
        const std::uint32_t tile = take_tile(ctx, io, words, kTileSlot, step_tag(kFile, Tile::kLoadQuads.phase, __LINE__));
        ScanIo<T> tile_io = single_pass_tile_io(io, tile);

        // 2. load and scan the tile in registers
        typename Tile::template Local<T> local;
        Tile::template scan_locally<Op>(ctx, tile_io, rows, local);
        // barrier: every row's total is in shared memory
        ctx.sync(step_tag(kFile, kLookBack.phase, __LINE__));

        // 3. the tile's aggregate, then the prefix of every tile before it
        if (i < kWarpLanes) {
            const auto lane = static_cast<std::uint32_t>(i);
            const T aggregate = Tile::template scan_rows<Op>(ctx, rows);
            if (io.driver == GridDriver::chained) {
                if (lane == 0)
                    partials[kPrefixSlot] = chained_scan_prefix<Op>(ctx, io.status, tile, aggregate);
            } else {
                const T prefix = decoupled_look_back<Op>(ctx, io.status, tile, aggregate, lane,
                                                         Tile::warp_lanes(threads), kLookBack.phase);
                if (lane == 0)
                    partials[kPrefixSlot] = prefix;
            }
            if (lane == 0)
                clear_for_next_run(ctx, io, tile);
        }
        // barrier: the exclusive prefix is in shared memory
        ctx.sync(step_tag(kFile, Tile::kStoreQuads.phase, __LINE__));
        if (tile > 0) {
            const V prefix = partials[kPrefixSlot];
            tile_io.has_carry = true;
            tile_io.carry = plain_value(prefix);
        }

        // 4. combine and store
        Tile::template finish<Op>(ctx, tile_io, rows, local);
    }

    // --- catalogue entry: declared after run() so that its sync points keep their source lines ---
    static constexpr PhaseSpec kTakeTile = kTakeTilePhase;
    static constexpr PhaseSpec kLookBack{"rows-look-back", "aggregate, publish and look back", nullptr,
                                         "Warp 0 scans the rows' totals into the tile's aggregate; the prefix "
                                         "of the tiles before it comes from their status words."};
    static constexpr PhaseSpec kPhases[] = {kTakeTile,
                                            Tile::kLoadQuads,
                                            Tile::kRowShuffle,
                                            Tile::kLanePrefix,
                                            Tile::kScanRows,
                                            Tile::kRowTotalsShuffle,
                                            kLookBack,
                                            Tile::kStoreQuads};
    static constexpr const char* kHelperSourcePaths[] = {
        "kernels/grid/register_tile.cuh", "kernels/grid/chained_scan.cuh", kLookBackSourcePath,
        "kernels/grid/publish_tile_status.cuh", kWarpScanSourcePath};
};

} // namespace prefixlab
