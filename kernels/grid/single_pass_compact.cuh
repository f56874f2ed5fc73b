// Stream compaction and split in one pass (issue 35): each element read once, the tile's place found by
// decoupled look-back over the tiles' KEPT COUNTS — the scans' own decoupled_look_back()
// (decoupled_look_back.cuh), on 32-bit counts — written once for the GPU and the emulator.
//
// The two-pass form (grid_compact_plan.hpp, the lecture's map-scan-scatter) reads the input twice: count
// each tile's kept elements, scan the counts, read again to rank and scatter. Here a block keeps its tile
// in registers while warp 0 looks back, as the tuned scan does (register_tile_scan.cuh), so the input is
// read once, as CUB's DeviceSelect reads it.
//
// A tile is threads × kItems elements; warp w owns the 32 · kItems consecutive elements from
// w · 32 · kItems, as kItems rows of 32 (row q of lane l: element (w · kItems + q) · 32 + l). So a row's
// ballot is 32 consecutive elements, and a warp ranks its own elements in array order with no shared
// memory: rank = kept in the warp's earlier rows + kept in this row's lower lanes (popc of the ballot).
//   0. take a tile (and a second, where blocks loop: register_tile_scan.cuh says why);
//   1. flag the NEXT tile's elements with the predicate (compaction_predicate.hpp): a bit a row in each
//      thread, the warp's count a butterfly of the lanes' popcounts; after the barrier warp 0 publishes
//      the tile's count as its aggregate, a tile early; the bits wait in registers for the tile's turn;
//   2. load this tile's elements (its bits and count came with step 1 the turn before), each warp's
//      count into shared memory;
//   3. after a barrier, warp 0 scans the warps' counts (the tile's kept count is its aggregate) and takes
//      the tile's prefix — the kept elements of every earlier tile — from decoupled_look_back();
//   4. after a barrier, the elements go out, a ballot a row giving each kept element's rank in its warp:
//      kept ones to output[prefix + rank]; a split's rejected ones to
//      `rejected`[rejected before the tile + rank among the rejected], stable too. A tile's rejected
//      count needs no word of its own: the tile's elements before it less its kept ones.
// Writes: kStagedWrites stages the tile's kept elements (a split's rejected ones after them) in shared
// memory in their final order, and after a barrier the block writes them out as contiguous runs, a
// warp 32 consecutive words; without it each warp writes its kept elements from registers (a row's
// kept ones are still consecutive words, partly filled sectors). Measured both ways: docs/compaction.md.
//
// A stable split into ONE array (kept, then rejected) cannot be single-pass: the rejected part starts at
// the total kept count, which the last tile learns last. CUB's DevicePartition::If writes the rejected
// ones backwards from the array's end instead (stable for the kept, reversed for the rejected); this
// split writes them forwards into a second array, so both parts keep their order.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/decoupled_look_back.cuh"
#include "kernels/grid/driver_launch.hpp" // write_total
#include "kernels/grid/grid_compact_request.hpp" // the tuned choices
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/register_tile_scan.cuh" // RegisterTileScan::Stages, SinglePassLayout
#include "kernels/grid/take_tile.cuh"
#include "kernels/grid/tile_stages.cuh"
#include "kernels/warp/warp_lanes.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// What a single-pass compaction reads and writes: the single-pass scans' arrays and words (input, output
// for the kept elements, N, tile, status words, tile counter, the next run's words), and its own.
template <class T>
struct SinglePassCompactIo : GridScanIo<T> {
    T* rejected = nullptr;               // a split's rejected elements, in order; null: a compaction
    KeepPredicate keep{};                // which elements are kept
    GridWords<std::uint32_t> kept_total; // one word: the kept count, written by the last tile's block
};

template <int kItems, bool kStagedWrites = kSinglePassCompactStaged>
struct SinglePassCompact {
    static_assert(kItems >= 1 && kItems <= 32, "a thread holds one element of each of its warp's rows");
    static constexpr const char* kSourcePath = "kernels/grid/single_pass_compact.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr int kElementsPerThread = kItems;
    static constexpr std::uint32_t kTileSlot = 0;    // two: this tile's and the next one's (k % 2)
    static constexpr std::uint32_t kPrefixSlot = 2;  // the kept elements of the tiles before this one
    static constexpr std::uint32_t kKeptSlot = 3;    // this tile's kept count
    static constexpr std::uint32_t kNextCounts = 4;  // the next tile's kept count, one a warp
    static constexpr std::uint32_t kWarpCounts = kNextCounts + kWarpLanes; // this tile's, then kept before each warp
    static constexpr std::uint32_t kGridWords = kWarpCounts + kWarpLanes;
    // The untraced kernel's registers: an element a row and what the look-back needs; 64 lets four 256-thread
    // blocks share an SM.
    static constexpr int kMaxRegisters = kItems + 48 < 64 ? 64 : kItems + 48;
    static constexpr bool kLoopsOverTiles = true;

    // Whole warps: a row is a warp's ballot. The same rule as the two-pass compaction's.
    PL_HOST_DEVICE static constexpr bool threads_valid(int threads) {
        return threads >= kWarpLanes && threads <= kMaxBlockThreads && threads % kWarpLanes == 0;
    }
    PL_HOST_DEVICE static constexpr int tile_elements(int threads) { return threads * kItems; }

    // Shared memory: the staged tile (kStagedWrites), then the grid words.
    PL_HOST_DEVICE static constexpr SinglePassLayout layout(int threads) {
        SharedLayout tile;
        if (kStagedWrites)
            tile.add(BufferId::data, static_cast<std::uint32_t>(tile_elements(threads)));
        return SinglePassLayout::after(tile, kGridWords);
    }
    // Past the layout, untraced: the two stages the bulk copies fill (tile_stages.cuh).
    PL_HOST_DEVICE static constexpr std::size_t untraced_shared_bytes(int threads) {
        return tile_stages_bytes(layout(threads).shared.total_words * sizeof(std::uint32_t),
                                 std::size_t(tile_elements(threads)) * 4);
    }

    // The tuned scan's two stages of bulk copies (its tile size is what the constructor is told).
    template <class Ctx>
    using Stages = typename RegisterTileScan<4>::template Stages<Ctx>;

    // Element q of `lane` in `warp`, from the tile's first element.
    PL_HOST_DEVICE static constexpr std::uint32_t element_of(std::uint32_t warp, int q, std::uint32_t lane) {
        return (warp * std::uint32_t(kItems) + std::uint32_t(q)) * kWarpLanes + lane;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const SinglePassCompactIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using Count = AddOp<std::uint32_t>;
        using CountValue = typename Ctx::template value<std::uint32_t>;
        const int threads = ctx.block_threads();
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const std::uint32_t warp = i / kWarpLanes, lane = i % kWarpLanes;
        const int warps = threads / kWarpLanes;
        const SinglePassLayout shape = layout(threads);
        const auto words = ctx.template shared<std::uint32_t>(shape.grid);
        const std::uint32_t tiles = io.status.count;
        Stages<Ctx> stages(ctx, io, shape);
        const bool loops = !Ctx::traced || io.loop_over_tiles;

        // 0. take a tile, and a second one where the blocks loop and one round of blocks leaves tiles over
        ctx.begin(step_tag(kFile, kTakeTile.phase, __LINE__));
        if (i == 0) {
            stages.init();
            const std::uint32_t first = claim_tile(ctx, io, true, tiles);
            words[kTileSlot] = first;
            stages.load(0, first);
            if (loops) {
                const std::uint32_t second = std::size_t(first) + std::size_t(ctx.grid_blocks()) < std::size_t(tiles)
                                                 ? claim_tile(ctx, io, false, tiles)
                                                 : tiles;
                words[kTileSlot + 1] = second;
                stages.load(1, second);
            }
        }
        // barrier: the tiles are taken
        ctx.sync(step_tag(kFile, loops ? kCountNext.phase : kFlag.phase, __LINE__));
        std::uint32_t carried_mask = 0, carried_count = 0; // the next tile's, for its turn
        bool carried = false;
        for (std::uint32_t k = 0;; ++k) {
            const std::uint32_t s = k & 1u;
            const CountValue this_tile = words[kTileSlot + s];
            const std::uint32_t tile = plain_value(this_tile);
            if (tile >= tiles)
                break;
            std::uint32_t next = tiles;
            if (loops) {
                const CountValue next_tile = words[kTileSlot + (1u - s)];
                next = plain_value(next_tile);
            }

            // 1. the next tile's kept elements: a bit a row (the predicate evaluated once an element), and
            // the warp's count; both kept for the next tile's turn
            std::uint32_t next_mask = 0, next_count = 0;
            if (next < tiles) {
                V y[kItems]{};
                load_rows(ctx, io, next, warp, lane, y, stages.wait(1u - s, next));
                next_mask = kept_rows(y, tile_elements_of(io, next), warp, lane, io.keep);
                next_count = warp_total(ctx, next_mask, lane, kCountNext.phase);
                if (lane == 0)
                    words[kNextCounts + warp] = next_count;
            }
            // 2. this tile: its elements, and its kept rows and warp count (counted as the next tile the
            // turn before, where the block took it as such)
            V x[kItems]{};
            load_rows(ctx, io, tile, warp, lane, x, stages.wait(s, tile));
            const std::uint32_t count = tile_elements_of(io, tile);
            std::uint32_t mask = carried_mask, warp_kept = carried_count;
            if (!carried) {
                mask = kept_rows(x, count, warp, lane, io.keep);
                warp_kept = warp_total(ctx, mask, lane, kFlag.phase);
            }
            carried = next < tiles;
            carried_mask = next_mask;
            carried_count = next_count;
            if (lane == 0)
                words[kWarpCounts + warp] = warp_kept;
            // barrier: every warp's count (this tile's and the next one's) is in shared memory; this
            // tile's stage is read
            ctx.sync(step_tag(kFile, kLookBack.phase, __LINE__));
            stages.release(s);

            // 3. one more tile taken, by warp 1 where there is one: the atomic's round trip then overlaps
            // warp 0's look-back instead of preceding it (a block that holds no next tile takes no more:
            // the counter ran out)
            if (loops && i == (threads > int(kWarpLanes) ? kWarpLanes : 0u) && next < tiles) {
                const std::uint32_t taken = claim_tile(ctx, io, false, tiles);
                words[kTileSlot + s] = taken;
                stages.load(s, taken);
            }
            // warp 0: the next tile's count out; this tile's count and prefix
            if (i < kWarpLanes) {
                if (next < tiles) {
                    CountValue c = 0u;
                    if (int(lane) < warps)
                        c = words[kNextCounts + lane];
                    warp_inclusive_scan<Count>(ctx, c, lane, 0xffffffffu, kLookBack.phase);
                    if (lane == kWarpLanes - 1)
                        publish_tile_status(ctx, io.status, next, TileStatus::aggregate, plain_value(c));
                }
                CountValue c = 0u;
                if (int(lane) < warps)
                    c = words[kWarpCounts + lane];
                const std::uint32_t own = plain_value(c);
                warp_inclusive_scan<Count>(ctx, c, lane, 0xffffffffu, kLookBack.phase);
                if (int(lane) < warps)
                    words[kWarpCounts + lane] = plain_value(c) - own; // kept before the warp
                // lanes past the last warp added nothing: lane 31 holds the tile's kept count
                const CountValue kept =
                    ctx.shfl_xor(c, kWarpLanes - 1, 0xffffffffu, step_tag(kFile, kLookBack.phase, __LINE__, 6, 31));
                const std::uint32_t aggregate = plain_value(kept);
                // every tile but a block's first had its count out as the next tile (step 1)
                const std::uint32_t prefix = decoupled_look_back<Count>(ctx, io.status, tile, aggregate, lane,
                                                                        kWarpLanes, kLookBack.phase, k > 0);
                if (lane == 0) {
                    words[kPrefixSlot] = prefix;
                    words[kKeptSlot] = aggregate;
                    if (tile == tiles - 1 && io.kept_total.count != 0)
                        write_total(ctx, io.kept_total, 0, prefix + aggregate);
                    clear_for_next_run(ctx, io, tile);
                }
            }
            // barrier: the tile's prefix and each warp's are in shared memory
            ctx.sync(step_tag(kFile, kScatter.phase, __LINE__));
            scatter(ctx, io, shape, tile, count, warp, lane, x, mask);
            if (!loops)
                break;
            // barrier: every thread has read this tile's words (and the staged tile) before the next's
            ctx.sync(step_tag(kFile, kCountNext.phase, __LINE__));
        }
    }

    // Each of the thread's rows' element of `tile`: from its stage (untraced, whole tiles), else from
    // global memory element by element (the traced runs record each read). Past the tile's end: unread.
    template <class Ctx, class T, class X>
    PL_BODY static void load_rows(Ctx& ctx, const SinglePassCompactIo<T>& io, std::uint32_t tile, std::uint32_t warp,
                                  std::uint32_t lane, X (&x)[kItems], const void* stage) {
#if defined(__CUDACC__)
        if constexpr (!Ctx::traced)
            if (stage != nullptr) {
                const auto* staged = static_cast<const std::uint32_t*>(stage);
                PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kItems; ++q)
                    x[q] = element_from_word<T>(staged[element_of(warp, q, lane)]);
                return;
            }
#else
        (void)stage;
#endif
        const ScanIo<T> span = single_pass_tile_io(io, tile);
        const auto in = block_input(ctx, span);
        PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kItems; ++q) {
            const std::uint32_t e = element_of(warp, q, lane);
            if (e < static_cast<std::uint32_t>(span.n))
                x[q] = in[e];
        }
    }

    // The elements of tile `tile` (the last one may be short): single_pass_tile_io's count.
    template <class T>
    PL_HOST_DEVICE static std::uint32_t tile_elements_of(const SinglePassCompactIo<T>& io, std::uint32_t tile) {
        return static_cast<std::uint32_t>(single_pass_tile_io(io, tile).n);
    }

    // The thread's kept rows of a tile of `count` elements: bit q for row q, the rule's switch taken once.
    // The predicate runs on every row (a row past the tile's end holds a value-initialised element) and
    // the rows in the tile are one mask a tile, not a comparison an element: that comparison and its
    // select were two of a full tile's five instructions an element (PTX of the odd rule).
    template <class X>
    PL_BODY static std::uint32_t kept_rows(const X (&x)[kItems], std::uint32_t count, std::uint32_t warp,
                                           std::uint32_t lane, const KeepPredicate& keep) {
        const std::uint32_t rule_bits =
            dispatch_keep_rule(keep.rule, [&]<KeepRule kRule>() { return kept_rows_by<kRule>(x, keep.bound); });
        return rule_bits & rows_in_tile(count, warp, lane);
    }
    // kept_rows for one rule, before the tile's end
    template <KeepRule kRule, class X>
    PL_BODY static std::uint32_t kept_rows_by(const X (&x)[kItems], double bound) {
        std::uint32_t mask = 0;
        PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kItems; ++q)
            mask |= std::uint32_t(kept_by<kRule>(plain_value(x[q]), bound)) << q;
        return mask;
    }
    // The rows whose element of `lane` lies in a tile of `count` elements: rows q with
    // element_of(warp, q, lane) < count, the first ones of the warp's.
    PL_HOST_DEVICE static constexpr std::uint32_t rows_in_tile(std::uint32_t count, std::uint32_t warp,
                                                                std::uint32_t lane) {
        const std::uint32_t first = warp * std::uint32_t(kItems) * kWarpLanes + lane; // row 0's element
        const std::uint32_t rows = count <= first ? 0u : (count - first + kWarpLanes - 1) / kWarpLanes;
        return rows >= std::uint32_t(kItems) ? kAllRows : (1u << rows) - 1u;
    }
    static constexpr std::uint32_t kAllRows = kItems == 32 ? 0xffffffffu : (1u << kItems) - 1u;

    // A warp's kept elements from its lanes' masks, in every lane: a butterfly of the lanes' counts.
    template <class Ctx>
    PL_BODY static std::uint32_t warp_total(Ctx& ctx, std::uint32_t mask, std::uint32_t lane, Phase phase) {
        return RegisterTile<4>::template combine_lanes_in_order<AddOp<std::uint32_t>>(
            ctx, static_cast<std::uint32_t>(vote_count(mask)), lane, kWarpLanes, 0xffffffffu, phase);
    }

    // An output written once and not read again: evict-first in L1 and L2 (st.global.cs) untraced, as the
    // tuned scan's stores (vector_words.cuh has the measurement); through the context where traced.
    template <class Ctx, class Out, class T, class X>
    PL_BODY static void write_once(Ctx& ctx, Out& out, T* array, std::size_t index, const X& value) {
#if defined(__CUDACC__)
        if constexpr (!Ctx::traced) {
            __stcs(array + index, value);
            return;
        }
#endif
        (void)ctx, (void)array;
        out[static_cast<std::uint32_t>(index)] = value;
    }

    // Step 4: each kept element to output[prefix + its rank], a split's rejected ones to rejected[...].
    template <class Ctx, class T, class X>
    PL_BODY static void scatter(Ctx& ctx, const SinglePassCompactIo<T>& io, const SinglePassLayout& shape,
                                std::uint32_t tile, std::uint32_t count, std::uint32_t warp, std::uint32_t lane,
                                const X (&x)[kItems], std::uint32_t mask) {
        using CountValue = typename Ctx::template value<std::uint32_t>;
        const CountValue prefix_word = ctx.template shared<std::uint32_t>(shape.grid)[kPrefixSlot];
        const CountValue kept_word = ctx.template shared<std::uint32_t>(shape.grid)[kKeptSlot];
        const CountValue warp_word = ctx.template shared<std::uint32_t>(shape.grid)[kWarpCounts + warp];
        const std::uint32_t prefix = plain_value(prefix_word), tile_kept = plain_value(kept_word);
        const std::uint32_t before_warp = plain_value(warp_word);
        const std::size_t tile_base = std::size_t(tile) * std::size_t(io.tile);
        const bool split = io.rejected != nullptr;
        const std::uint32_t lower = (1u << lane) - 1u;
        const auto out = block_output(ctx, ScanIo<T>{io.input, io.output, static_cast<int>(io.n), false});
        const auto rejected_out = block_output(ctx, ScanIo<T>{io.input, split ? io.rejected : io.output,
                                                              static_cast<int>(io.n), false});
        // the rejected elements before the tile: its elements before it less their kept ones
        const std::size_t rejected_before = tile_base - prefix;
        // staged: the tile in its final order (without staging, never written: the grid words stand in)
        const auto staged =
            ctx.template shared<T>(kStagedWrites ? shape.shared.find(BufferId::data) : shape.grid);
        (void)staged;
        std::uint32_t kept_before = before_warp; // in the tile, before this row
        PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kItems; ++q) {
            const std::uint32_t e = element_of(warp, q, lane);
            const bool keep = (mask >> q & 1u) != 0; // only in the tile (kept_rows)
            const std::uint32_t votes =
                ctx.ballot(keep, 0xffffffffu, step_tag(kFile, kScatter.phase, __LINE__, std::uint16_t(q + 1)));
            // a compaction's row with nothing kept writes nothing: one branch for the warp, where most rows
            // are empty (at 1% kept, 72% of 32-element rows) and all the rank arithmetic was spent on them
            if (votes == 0 && !split)
                continue;
            const std::uint32_t rank = kept_before + static_cast<std::uint32_t>(vote_count(votes & lower));
            if (keep || (split && e < count)) {
                const std::uint32_t rejected_rank = e - rank; // the tile's elements before e less their kept ones
                if constexpr (kStagedWrites)
                    staged[keep ? rank : tile_kept + rejected_rank] = x[q]; // a split's rejected after the kept
                else if (keep)
                    write_once(ctx, out, io.output, prefix + rank, x[q]);
                else
                    write_once(ctx, rejected_out, io.rejected, rejected_before + rejected_rank, x[q]);
            }
            kept_before += static_cast<std::uint32_t>(vote_count(votes));
        }
        if constexpr (kStagedWrites) {
            // barrier: the tile is staged in its final order
            ctx.sync(step_tag(kFile, kWriteRuns.phase, __LINE__));
            const std::uint32_t runs = split ? count : tile_kept;
            for (std::uint32_t j = warp * kWarpLanes + lane; j < runs; j += std::uint32_t(ctx.block_threads())) {
                const auto value = staged[j];
                if (j < tile_kept)
                    write_once(ctx, out, io.output, prefix + j, value);
                else
                    write_once(ctx, rejected_out, io.rejected, rejected_before + (j - tile_kept), value);
            }
        }
    }

    // --- catalogue entry: declared after run() so that its sync points keep their source lines ---
    static constexpr PhaseSpec kTakeTile = kTakeTilePhase;
    static constexpr PhaseSpec kCountNext{"count-next", "count the next tile's kept elements", nullptr,
                                          "Each thread flags its elements of the block's next tile with the "
                                          "predicate, each warp adds its lanes' counts (shuffle δ={offset}); "
                                          "after the barrier warp 0 publishes the tile's count, a tile early."};
    static constexpr PhaseSpec kFlag{"flag-count", "flag and count the tile's elements", nullptr,
                                     "Each thread flags its elements with the predicate, each warp adds its "
                                     "lanes' counts (shuffle δ={offset})."};
    static constexpr PhaseSpec kLookBack{"count-look-back", "count the tile and look back", nullptr,
                                         "Warp 0 adds up the warps' counts into the tile's kept count; the kept "
                                         "elements before the tile come from the earlier tiles' status words."};
    static constexpr PhaseSpec kScatter{"scatter-kept", "place the kept elements", nullptr,
                                        "Row {level}: a ballot gives each kept element its rank in the warp; it "
                                        "goes after the kept ones before its tile, its warp and its lane; a "
                                        "split's rejected ones after theirs."};
    static constexpr PhaseSpec kWriteRuns{"write-runs", "write the tile out", nullptr,
                                          "The block writes its staged elements as contiguous runs."};
    static constexpr PhaseSpec kPhases[] = {kTakeTile, kCountNext, kFlag, kLookBack, kScatter, kWriteRuns};
    static constexpr const char* kHelperSourcePaths[] = {kLookBackSourcePath, "kernels/grid/publish_tile_status.cuh",
                                                         kWarpScanSourcePath, "kernels/grid/register_tile.cuh"};
};

} // namespace prefixlab
