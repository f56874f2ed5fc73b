// PrefixLab's tuned scan: the single-pass scan of a whole array with decoupled look-back, each tile held
// in registers (register_tile.cuh), written once for the GPU and the emulator.
//
// Unlike the single-pass scan around a block body (single_pass_scan.cuh), which reads its tile twice
// (to reduce it, then to scan it with the prefix), a block here scans its tile in registers and writes
// it once. A block scans tiles one after another, holding the next one too:
//   0. it takes two tiles (take_tile.cuh: the tile counter), one where a round of blocks covers the rest;
//   then, for each tile:
//   1. it reduces the NEXT tile and, after a barrier, warp 0 publishes that tile's aggregate: a tile's
//      aggregate is out a whole tile before its look-back, so that later tiles never wait for it;
//   2. it scans this tile locally (RegisterTile::scan_locally: quads, quad rows by shuffles);
//   3. after a barrier, warp 0 takes one more tile, scans the rows' totals (the tile's aggregate) and
//      learns the tile's exclusive prefix: decoupled look-back with a window of one predecessor per lane
//      (decoupled_look_back.cuh, the code the look-back timeline traces), or the chained scan's thread 0;
//   4. after a barrier, every thread combines its elements with the prefix, its row's and its lane's,
//      and stores them; a last barrier before the next tile's totals overwrite these.
// Why (H100, uint32 +, 2^28, one run of a prototype): one tile per block, 0.88 ms (CUB's speed); blocks
// looping over tiles with the next tile's load in flight but its aggregate published only when its turn
// came, 1.28-1.70 ms, slower with every doubling of N (tiles taken early and published late make every
// later look-back wait); with the aggregate published a tile early, 0.746 ms (CUB 0.876).
// The untraced instantiation (the benchmark's, tuned: docs/tuned-scan.md) has many elements per thread,
// the blocks that fit on the GPU at once, and its tiles arrive in shared memory by bulk copies started a
// tile ahead (tile_stages.cuh); the traced one (emulator, GPU grid traces) 4 elements per thread, small
// tiles and element-by-element loads from global memory, so that a lecture can step through it. Same
// source, same look-back.
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
#include "kernels/grid/tile_stages.cuh"
#include "kernels/grid/publish_tile_status.cuh"
#include "kernels/grid/tile_threads.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

template <int kItems>
struct RegisterTileScan {
    using Tile = RegisterTile<kItems>;
    static constexpr const char* kSourcePath = "kernels/grid/register_tile_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr std::uint32_t kTileSlot = 0;   // two: this tile's and the next one's (k % 2)
    static constexpr std::uint32_t kPrefixSlot = 2; // the tile's exclusive prefix
    static constexpr std::uint32_t kTotalsSlot = 3; // the next tile's warp totals, one a warp
    static constexpr std::uint32_t kGridWords = kTotalsSlot + kMaxBlockThreads / kWarpLanes;

    // Threads per block: 4, 8, 16 or a multiple of 32 (tile_threads.hpp), up to 1024.
    PL_HOST_DEVICE static constexpr int max_threads() { return kMaxBlockThreads; }
    PL_HOST_DEVICE static constexpr bool threads_valid(int threads) {
        return tile_threads_valid(threads, max_threads());
    }
    PL_HOST_DEVICE static constexpr int tile_elements(int threads) { return threads * kItems; }
    // The untraced kernel's registers, capped (kernels/gpu/grid_driver_scan.cuh). Its two stages of
    // shared memory (2 × 32 KB at 256 × 32) allow 3 blocks an SM, whose registers allow 80 a thread; the
    // prototype took 71 uncapped. With 48 elements (the tuning sweep) 2 blocks fit, 96 registers.
    static constexpr int kMaxRegisters = kItems <= 32 ? 80 : kItems + 48;
    // Blocks scan tiles one after another: the GPU launches no more of them than fit at once.
    static constexpr bool kLoopsOverTiles = true;
    // Traced runs (the emulator's traces, the GPU grid traces) take one tile a block, as every other
    // single-pass kernel: the trace's analysis and the look-back timeline follow a tile by its block. So
    // the early aggregate runs untraced (the benchmark), and traced where a run asks for it
    // (GridScanIo::loop_over_tiles: the emulator's schedule test, whose trace nothing reads).
    template <class Ctx, class T>
    PL_BODY static bool blocks_loop(const GridScanIo<T>& io) {
        return !Ctx::traced || io.loop_over_tiles;
    }

    // The tile a looping block takes at its start besides `first`: another from the counter only where
    // tiles are left beyond one round of blocks (first + blocks < tiles), else none (`tiles`). With fewer
    // than two tiles a block, blocks that took two each would leave the last blocks idle while they
    // scan both one after the other. Measured (H100, uint32 +, two runs each, docs/tuned-scan.md): 2^20
    // (128 tiles for 396 blocks) 0.0109 ms against 0.0112-0.0116 with two tiles at every start; 2^28
    // 0.763-0.765 against 0.752-0.753 (register allocation moved), still 1.14x CUB.
    template <class Ctx, class T>
    PL_BODY static std::uint32_t second_tile(Ctx& ctx, const GridScanIo<T>& io, std::uint32_t first,
                                             std::uint32_t tiles) {
        if (std::size_t(first) + std::size_t(ctx.grid_blocks()) < std::size_t(tiles))
            return claim_tile(ctx, io, false, tiles);
        return tiles;
    }

    PL_HOST_DEVICE static constexpr SinglePassLayout layout(int threads) {
        return SinglePassLayout::after(Tile::layout(tile_elements(threads)), kGridWords);
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const GridScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using Index = typename Ctx::template value<std::uint32_t>;
        const int threads = ctx.block_threads();
        const int i = ctx.thread_index();
        const SinglePassLayout shape = layout(threads);
        const auto words = ctx.template shared<std::uint32_t>(shape.grid);
        const auto partials = ctx.template shared<T>(shape.grid);
        const auto rows = ctx.template shared<T>(shape.shared.find(BufferId::warp_totals));
        const std::uint32_t tiles = io.status.count; // one status word a tile (no division: tests/ptx)
        const bool look_back = io.driver != GridDriver::chained;
        Stages<Ctx> stages(ctx, io, shape);
        const bool loops = blocks_loop<Ctx>(io);
        const Phase after_take = loops ? kReduceNext.phase : Tile::kLoadQuads.phase;

        // 0. take a tile, and a second one where the blocks loop and one round of blocks leaves tiles over
        ctx.begin(step_tag(kFile, kTakeTile.phase, __LINE__));
        if (i == 0) {
            stages.init();
            const std::uint32_t first = claim_tile(ctx, io, true, tiles);
            words[kTileSlot] = first;
            stages.load(0, first);
            if (loops) {
                const std::uint32_t second = second_tile(ctx, io, first, tiles);
                words[kTileSlot + 1] = second;
                stages.load(1, second);
            }
        }
        // barrier: the tiles are in shared memory
        ctx.sync(step_tag(kFile, after_take, __LINE__));
        for (std::uint32_t k = 0;; ++k) {
            const std::uint32_t s = k & 1u;
            const Index this_tile = words[kTileSlot + s];
            const std::uint32_t tile = plain_value(this_tile);
            if (tile >= tiles)
                break;
            std::uint32_t next = tiles;
            if (loops) {
                const Index next_tile = words[kTileSlot + (1u - s)];
                next = plain_value(next_tile);
            }
            const bool publish_next = look_back && next < tiles;

            // 1. the next tile's warp totals
            if (publish_next)
                Tile::template reduce_to_warp_totals<Op>(ctx, single_pass_tile_io(io, next), partials, kTotalsSlot,
                                                         stages.wait(1u - s, next), kReduceNext.phase);
            // 2. this tile, scanned locally
            ScanIo<T> tile_io = single_pass_tile_io(io, tile);
            typename Tile::template Local<T> local;
            Tile::template scan_locally<Op>(ctx, tile_io, rows, local, stages.wait(s, tile));
            // barrier: every row's total and the next tile's warp totals are in shared memory; this tile's
            // stage is read
            ctx.sync(step_tag(kFile, kLookBack.phase, __LINE__));
            stages.release(s);

            // 3. the next tile's aggregate out, one more tile taken; this tile's aggregate and prefix
            if (i < kWarpLanes) {
                const auto lane = static_cast<std::uint32_t>(i);
                const int lanes = Tile::warp_lanes(threads);
                const std::uint32_t mask = present_lane_mask(threads, 0);
                if (publish_next) {
                    const int warps = (threads + kWarpLanes - 1) / kWarpLanes;
                    T total = Op::identity();
                    if (int(lane) < warps) {
                        const V warp_total = partials[kTotalsSlot + lane];
                        total = plain_value(warp_total);
                    }
                    const T next_aggregate =
                        Tile::template combine_lanes_in_order<Op>(ctx, total, lane, lanes, mask, kLookBack.phase);
                    if (lane == 0)
                        publish_tile_status(ctx, io.status, next, TileStatus::aggregate, next_aggregate);
                }
                // a block that holds no next tile takes no more: the counter ran out
                if (loops && lane == 0 && next < tiles) {
                    const std::uint32_t taken = claim_tile(ctx, io, false, tiles);
                    words[kTileSlot + s] = taken;
                    stages.load(s, taken);
                }
                const T aggregate = Tile::template scan_rows<Op>(ctx, rows);
                if (!look_back) {
                    if (lane == 0)
                        partials[kPrefixSlot] = chained_scan_prefix<Op>(ctx, io.status, tile, aggregate);
                } else {
                    // every tile but a block's first had its aggregate out as the next tile (step 1)
                    const T prefix = decoupled_look_back<Op>(ctx, io.status, tile, aggregate, lane, lanes,
                                                             kLookBack.phase, k > 0);
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
            if (!loops)
                break;
            // barrier: every thread has read the rows' prefixes and the tile's before the next tile's
            ctx.sync(step_tag(kFile, kReduceNext.phase, __LINE__));
        }
    }

    // Shared memory past the layout (the GPU launcher adds it to untraced launches): the two stages.
    PL_HOST_DEVICE static constexpr std::size_t untraced_shared_bytes(int threads) {
        return tile_stages_bytes(layout(threads).shared.total_words * sizeof(std::uint32_t),
                                 std::size_t(tile_elements(threads)) * 4);
    }

    // Where a tile's elements come from: untraced, whole and aligned tiles from the stages, which bulk
    // copies fill (tile_stages.cuh); otherwise (traced, the emulator, a short last tile, an unaligned
    // array) from global memory, element by element or 16-byte vectors (RegisterTile::load_items).
    template <class Ctx>
    struct Stages {
        template <class T>
        PL_BODY Stages(Ctx& ctx, const GridScanIo<T>& io, const SinglePassLayout& shape) {
#if defined(__CUDACC__)
            if constexpr (!Ctx::traced) {
                stages_ = TileStages(ctx.shared_bytes(), shape.shared.total_words * sizeof(std::uint32_t),
                                     static_cast<std::uint32_t>(io.tile) * 4u);
                input_ = io.input;
                n_ = io.n;
                tile_ = io.tile;
                aligned_ = reinterpret_cast<std::uintptr_t>(io.input) % 16 == 0;
            }
#else
            (void)ctx, (void)io, (void)shape;
#endif
        }
        PL_BODY void init() {
#if defined(__CUDACC__)
            if constexpr (!Ctx::traced)
                stages_.init();
#endif
        }
        // By one thread: stage s starts receiving `tile`, where it is staged.
        PL_BODY void load(std::uint32_t s, std::uint32_t tile) {
#if defined(__CUDACC__)
            if constexpr (!Ctx::traced)
                if (staged(tile))
                    stages_.load(int(s), reinterpret_cast<const char*>(input_) + std::size_t(tile) * tile_ * 4,
                                 static_cast<std::uint32_t>(tile_) * 4u);
#else
            (void)s, (void)tile;
#endif
        }
        // By every thread: stage s once `tile` has landed there, or null where the tile is not staged.
        // Each load is waited for once: as the next tile, or as this one.
        PL_BODY const void* wait(std::uint32_t s, std::uint32_t tile) {
#if defined(__CUDACC__)
            if constexpr (!Ctx::traced)
                if (staged(tile)) {
                    if ((waited_ >> s & 1u) == 0) {
                        stages_.wait(int(s), phases_);
                        waited_ |= 1u << s;
                    }
                    return stages_.stage(int(s));
                }
#else
            (void)s, (void)tile;
#endif
            return nullptr;
        }
        // After a barrier past every read of stage s (before its next load).
        PL_BODY void release(std::uint32_t s) { waited_ &= ~(1u << s); }

    private:
        PL_BODY bool staged(std::uint32_t tile) const {
            return aligned_ && (std::size_t(tile) + 1) * std::size_t(tile_) <= n_;
        }
#if defined(__CUDACC__)
        TileStages stages_{nullptr, 0, 0};
#endif
        const void* input_ = nullptr;
        std::size_t n_ = 0;
        int tile_ = 0;
        bool aligned_ = false;
        std::uint32_t phases_ = 0, waited_ = 0;
    };

    // --- catalogue entry: declared after run() so that its sync points keep their source lines ---
    static constexpr PhaseSpec kTakeTile = kTakeTilePhase;
    static constexpr PhaseSpec kLookBack{"rows-look-back", "aggregate, publish and look back", nullptr,
                                         "Warp 0 scans the rows' totals into the tile's aggregate; the prefix "
                                         "of the tiles before it comes from their status words."};
    static constexpr PhaseSpec kReduceNext{"reduce-next", "reduce the next tile", nullptr,
                                           "Each warp reduces its part of the block's next tile; after the "
                                           "barrier warp 0 publishes that tile's aggregate, a tile early."};
    static constexpr PhaseSpec kPhases[] = {kTakeTile,
                                            kReduceNext,
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
