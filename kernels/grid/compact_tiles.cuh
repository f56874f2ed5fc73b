// The launches of a multi-block compaction or split (kernels/grid/grid_compact_plan.hpp), each block on
// one tile of threads × kCompactItems elements. A thread holds one element of each of the tile's
// kCompactItems rows (row k is elements k·threads … k·threads + threads − 1 of the tile), so every
// warp-wide load and store of a row is coalesced.
//
//   CountKeptTiles    block b counts its tile's kept elements (the predicate of
//                     kernels/common/compaction_predicate.hpp) into counts[b]
//   ScatterKeptTiles  after the counts are scanned in place, block b ranks its kept elements: a ballot a
//                     row gives each warp its votes, warp 0 scans the warps' counts row by row, and each
//                     kept element goes to output[kept before the tile + kept before it in the tile]; a
//                     split's others to output[all kept + others before it]
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/warp/warp_lanes.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// Elements a thread holds, one a row: 4 loads in flight per thread (on the H100, 16 KiB a 1024-thread block).
inline constexpr int kCompactItems = 4;

template <class T>
struct CompactLaunchIo {
    const T* input = nullptr;
    T* output = nullptr;
    std::size_t n = 0;
    int tile = 0;          // threads × kCompactItems
    std::size_t tiles = 0; // tiles_for(n, tile)
    // The tiles' kept counts, scanned in place into running totals (then the spine's levels after them).
    GridWords<std::uint32_t> counts;
    bool split = false;
    KeepPredicate keep{}; // which elements are kept (kernels/common/compaction_predicate.hpp)
};

// The elements of the tile's rows, as ScanIo spans through which the context records each access.
template <class T>
PL_HOST_DEVICE ScanIo<T> compact_tile_span(const CompactLaunchIo<T>& io, std::size_t tile) {
    const std::size_t base = tile * std::size_t(io.tile);
    const std::size_t left = io.n - base;
    const std::size_t count = left < std::size_t(io.tile) ? left : std::size_t(io.tile);
    return ScanIo<T>{io.input + base, io.output, static_cast<int>(count), false};
}

struct CountKeptTiles {
    static constexpr const char* kSourcePath = "kernels/grid/compact_tiles.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // block_reduce's warp totals
    PL_HOST_DEVICE static constexpr SharedLayout layout(int) { return warp_totals_layout(); }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const CompactLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using Count = AddOp<std::uint32_t>;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const auto threads = static_cast<std::uint32_t>(ctx.block_threads());
        const ScanIo<T> tile = compact_tile_span(io, b);
        ctx.begin(step_tag(kFile, kCount.phase, __LINE__));
        const auto in = block_input(ctx, tile);
        std::uint32_t kept = 0;
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kCompactItems; ++k) {
            const std::uint32_t e = static_cast<std::uint32_t>(k) * threads + i;
            if (e < static_cast<std::uint32_t>(tile.n)) {
                const V x = in[e];
                kept += kept_element(plain_value(x), io.keep) ? 1u : 0u;
            }
        }
        const auto warp_totals = ctx.template shared<std::uint32_t>(layout(0).find(BufferId::warp_totals));
        const std::uint32_t total = block_reduce<Count>(ctx, kept, warp_totals, kCountShuffle.phase,
                                                         step_tag(kFile, kCountCombine.phase, __LINE__));
        if (i == 0)
            write_total(ctx, io.counts, b, total);
    }

    static constexpr PhaseSpec kCount{"compact-count", "count each tile's kept elements", nullptr,
                                      "Each thread reads one element of each row of its block's tile and "
                                      "counts the kept ones."};
    static constexpr PhaseSpec kCountShuffle{"compact-count-shuffle", "count the tile: shuffle δ={offset}", nullptr,
                                             "Each warp adds its threads' counts, shuffle δ={offset}."};
    static constexpr PhaseSpec kCountCombine{"compact-count-combine", "store each tile's count", nullptr,
                                             "Thread 0 adds the warps' counts and stores the tile's."};
    static constexpr PhaseSpec kPhases[] = {kCount, kCountShuffle, kCountCombine};
};

struct ScatterKeptTiles {
    static constexpr const char* kSourcePath = "kernels/grid/compact_tiles.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // Each warp's count in each row; after warp 0's scans, the kept elements of the row before each
    // warp (kRanks on), and each row's total (kRowTotals on).
    static constexpr std::uint32_t kRanks = 32 * kCompactItems;
    static constexpr std::uint32_t kRowTotals = 2 * 32 * kCompactItems;
    PL_HOST_DEVICE static constexpr SharedLayout layout(int) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, kRowTotals + kCompactItems);
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const CompactLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using Count = AddOp<std::uint32_t>;
        using CountValue = typename Ctx::template value<std::uint32_t>;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const auto threads = static_cast<std::uint32_t>(ctx.block_threads());
        const std::uint32_t warp = i / kWarpLanes, lane = i % kWarpLanes, warps = threads / kWarpLanes;
        const ScanIo<T> tile = compact_tile_span(io, b);
        const std::size_t tile_base = std::size_t(b) * std::size_t(io.tile);

        ctx.begin(step_tag(kFile, kLoad.phase, __LINE__));
        const std::uint32_t kept_before_tile = b > 0 ? read_total(ctx, io.counts, b - 1) : 0u;
        const std::uint32_t kept_in_all = io.split ? read_total(ctx, io.counts, static_cast<std::uint32_t>(io.tiles - 1)) : 0u;
        const auto in = block_input(ctx, tile);
        V x[kCompactItems];
        bool keep[kCompactItems];
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kCompactItems; ++k) {
            const std::uint32_t e = static_cast<std::uint32_t>(k) * threads + i;
            keep[k] = false;
            if (e < static_cast<std::uint32_t>(tile.n)) {
                x[k] = in[e];
                keep[k] = kept_element(plain_value(x[k]), io.keep);
            }
        }
        // a ballot a row: the warp's votes, and how many of them are below this lane
        const auto counts = ctx.template shared<std::uint32_t>(layout(0).find(BufferId::warp_totals));
        std::uint32_t below[kCompactItems];
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kCompactItems; ++k) {
            const std::uint32_t votes =
                ctx.ballot(keep[k], 0xffffffffu, step_tag(kFile, kVote.phase, __LINE__, static_cast<std::uint16_t>(k + 1)));
            below[k] = static_cast<std::uint32_t>(vote_count(votes & ((1u << lane) - 1u)));
            if (lane == 0)
                counts[static_cast<std::uint32_t>(k) * 32 + warp] = static_cast<std::uint32_t>(vote_count(votes));
        }
        // barrier: every warp's counts are in shared memory. Each warp scans each row's counts (the same
        // for all: one warp would do, but a warp that skipped the shuffles would leave the block's steps
        // out of step), and warp 0 stores the kept elements of the row before each warp, and the row's total.
        ctx.sync(step_tag(kFile, kRank.phase, __LINE__));
        PL_CUDA_PRAGMA(unroll 1) for (int k = 0; k < kCompactItems; ++k) {
            const std::uint32_t slot = static_cast<std::uint32_t>(k) * 32 + lane;
            CountValue c = 0u;
            if (lane < warps)
                c = counts[slot];
            const std::uint32_t own = plain_value(c);
            warp_inclusive_scan<Count>(ctx, c, lane, 0xffffffffu, kRankShuffle.phase);
            if (warp == 0 && lane < warps)
                counts[kRanks + slot] = plain_value(c) - own;
            if (warp == 0 && lane == 31) // lanes past the last warp added nothing: the row's total
                counts[kRowTotals + static_cast<std::uint32_t>(k)] = plain_value(c);
        }
        // barrier: the ranks are in shared memory
        ctx.sync(step_tag(kFile, kScatter.phase, __LINE__));
        const auto out = block_output(ctx, ScanIo<T>{io.input, io.output, static_cast<int>(io.n), false});
        std::uint32_t rows_before = 0; // kept elements of the tile in the rows before row k
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kCompactItems; ++k) {
            const std::uint32_t e = static_cast<std::uint32_t>(k) * threads + i;
            if (e < static_cast<std::uint32_t>(tile.n)) {
                const CountValue rank = counts[kRanks + static_cast<std::uint32_t>(k) * 32 + warp];
                const std::uint32_t place = kept_before_tile + rows_before + plain_value(rank) + below[k];
                if (keep[k])
                    out[place] = x[k];
                else if (io.split) // the others after every kept element, in order: element − kept before it
                    out[kept_in_all + static_cast<std::uint32_t>(tile_base + e) - place] = x[k];
            }
            const CountValue row = counts[kRowTotals + static_cast<std::uint32_t>(k)];
            rows_before += plain_value(row);
        }
    }

    static constexpr PhaseSpec kLoad{"compact-scatter-load", "read each tile's elements and its place", nullptr,
                                     "Each thread reads one element of each row of its block's tile, and the "
                                     "number of kept elements before the tile."};
    static constexpr PhaseSpec kVote{"compact-vote", "row {level}: each warp votes its kept elements", nullptr,
                                     "Row {level}: each warp learns which of its lanes keep their element "
                                     "(__ballot_sync)."};
    static constexpr PhaseSpec kRank{"compact-rank", "warp 0 ranks the warps' counts", nullptr,
                                     "Warp 0 adds up the warps' counts, row by row, into the kept elements "
                                     "before each warp's part of each row."};
    static constexpr PhaseSpec kRankShuffle{"compact-rank-shuffle", "rank the warps: shuffle δ={offset}", nullptr,
                                            "Warp 0 scans one row's warp counts, shuffle δ={offset}."};
    static constexpr PhaseSpec kScatter{"compact-scatter-tiles", "scatter each tile's elements", nullptr,
                                        "Each kept element goes to output[kept before it]; a split's others "
                                        "after all the kept ones, in order."};
    static constexpr PhaseSpec kPhases[] = {kLoad, kVote, kRank, kRankShuffle, kScatter};
};

} // namespace prefixlab
