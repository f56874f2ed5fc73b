// Histograms across blocks (issue 37): N uint32 keys counted into B bins of equal width over the keys'
// range, bin = ⌊key · B / 2^32⌋ (cub::DeviceHistogram::HistogramEven's bins with levels 0 … 2^32), written
// once for the GPU and the emulator. Three ways to count, the lecture's and PMPP's (chapter 9):
//
//   global_atomics   every key adds 1 to its bin in global memory (atomicAdd): keys of one bin wait for
//                    each other at the one word, the contention the lecture warns of
//   shared_atomics   each block counts its keys in a private copy of the bins in shared memory, then adds
//                    its copy to the grid's bins, one global atomic a bin a block (privatisation)
//   warp_aggregated  as shared_atomics, but the lanes of a row with the same bin first find each other by
//                    ballots (a ballot a bin bit) and the lowest adds them all at once: a row of keys all in
//                    one bin makes one atomic where it made 32 (aggregation)
//
// A block loops over tiles of kHistogramThreads × kItems keys (tile, tile + blocks, …; blocks as many as fit
// at once), key q of thread i at q · kHistogramThreads + i of the tile, so that each load of a warp is
// coalesced. A barrier a tile: the emulator's steps hold at most 255 accesses a thread.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/grid_scan_io.hpp" // TileOrder
#include "kernels/warp/warp_lanes.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

enum class HistogramMethod : std::uint8_t { global_atomics, shared_atomics, warp_aggregated };

inline constexpr int kHistogramThreads = 256;
inline constexpr std::uint32_t kMaxHistogramBins = 4096;
inline constexpr int kMaxHistogramBinBits = 12; // bits of a bin's index at most (4096 bins)

// The bin of a key among `bins` of equal width over 0 … 2^32 − 1.
PL_HOST_DEVICE constexpr std::uint32_t histogram_bin(std::uint32_t key, std::uint32_t bins) {
    return static_cast<std::uint32_t>((std::uint64_t(key) * bins) >> 32);
}

// Bits of the largest bin index (0 for one bin): the ballots warp aggregation takes.
PL_HOST_DEVICE constexpr int histogram_bin_bits(std::uint32_t bins) {
    int bits = 0;
    while (bits < kMaxHistogramBinBits && (std::uint32_t(1) << bits) < bins)
        ++bits;
    return bits;
}

struct HistogramIo {
    const std::uint32_t* keys = nullptr;
    std::size_t n = 0;
    int tile = 0;          // kHistogramThreads × kItems
    std::size_t tiles = 0; // tiles_for(n, tile)
    std::uint32_t bins = 1;
    GridWords<std::uint32_t> counts; // `bins` words, 0 before the launch
    // The blocks loop over the tiles, as many as fit at once (the launchers read these).
    bool loop_over_tiles = true;
    TileOrder order = TileOrder::atomic_counter;
};

template <int kItems, HistogramMethod kMethod>
struct HistogramTiles {
    static constexpr const char* kSourcePath = "kernels/grid/histogram_tiles.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr bool kLoopsOverTiles = true;
    static constexpr bool kPrivate = kMethod != HistogramMethod::global_atomics;

    // warp_totals: the block's copy of the bins (none for global atomics).
    PL_HOST_DEVICE static constexpr SharedLayout layout(int) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, kPrivate ? kMaxHistogramBins : 1u);
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const HistogramIo& io) {
        using U = typename Ctx::template value<std::uint32_t>;
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const auto bins = ctx.template shared<std::uint32_t>(layout(0).find(BufferId::warp_totals));
        const int bin_bits = histogram_bin_bits(io.bins);

        ctx.begin(step_tag(kFile, kClear.phase, __LINE__));
        if constexpr (kPrivate)
            for (std::uint32_t b = i; b < io.bins; b += kHistogramThreads)
                bins[b] = 0u;
        // barrier: the block's bins are 0
        ctx.sync(step_tag(kFile, kCount.phase, __LINE__));
        for (std::size_t tile = std::size_t(ctx.block_index()); tile < io.tiles; tile += std::size_t(ctx.grid_blocks())) {
            const std::size_t base = tile * std::size_t(io.tile);
            const std::size_t left = io.n - base;
            const auto count = static_cast<std::uint32_t>(left < std::size_t(io.tile) ? left : std::size_t(io.tile));
            const auto in = block_input(ctx, ScanIo<std::uint32_t>{io.keys + base, nullptr, static_cast<int>(count), false});
            // A whole tile (all but the last) tests no key: with a test each key's atomic sat behind a branch
            // that made the shared address again (SASS: 9 instructions an atomic; 3 without)
            if (count == std::uint32_t(io.tile))
                count_tile(ctx, in, bins, io, bin_bits, [](int) { return true; });
            else
                count_tile(ctx, in, bins, io, bin_bits,
                           [count, i](int q) { return std::uint32_t(q) * kHistogramThreads + i < count; });
            // barrier: a step a tile (the emulator's steps hold at most 255 accesses a thread)
            ctx.sync(step_tag(kFile, kCount.phase, __LINE__));
        }
        if constexpr (kPrivate) {
            // barrier: the block's bins are counted; thread b adds bin b (and every 256th after it) to the grid's
            ctx.sync(step_tag(kFile, kMerge.phase, __LINE__));
            for (std::uint32_t b = i; b < io.bins; b += kHistogramThreads) {
                const U c = bins[b];
                if (plain_value(c) != 0)
                    ctx.template atomic_combine<AddOp<std::uint32_t>>(io.counts, b, plain_value(c));
            }
        }
    }

    // The thread's keys of a tile (key q at q · kHistogramThreads + thread; `holds(q)` whether it has one), each
    // added to its bin as the method says.
    template <class Ctx, class In, class Bins, class Holds>
    PL_BODY static void count_tile(Ctx& ctx, const In& in, const Bins& bins, const HistogramIo& io, int bin_bits,
                                   const Holds& holds) {
        using U = typename Ctx::template value<std::uint32_t>;
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        std::uint32_t key[kItems];
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) // every load in flight before the first is used
            if (holds(q)) {
                const U k = in[std::uint32_t(q) * kHistogramThreads + i];
                key[q] = plain_value(k);
            }
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            const bool mine = holds(q);
            const std::uint32_t bin = mine ? histogram_bin(key[q], io.bins) : 0u;
            if constexpr (kMethod == HistogramMethod::global_atomics) {
                if (mine)
                    ctx.template atomic_combine<AddOp<std::uint32_t>>(io.counts, bin, 1u);
            } else if constexpr (kMethod == HistogramMethod::shared_atomics) {
                if (mine)
                    bins.atomic_add(bin, 1u);
            } else {
                // the lanes holding a key of this lane's bin: one ballot for who holds a key, one a bin bit
                const auto row = static_cast<std::uint16_t>(q + 1);
                std::uint32_t peers =
                    ctx.ballot_agree(mine ? 1u : 0u, 1u, 0xffffffffu, step_tag(kFile, kAggregate.phase, __LINE__, row, 0u));
                for (int b = 0; b < bin_bits; ++b)
                    peers &= ctx.ballot_agree(bin, 1u << b, 0xffffffffu,
                                              step_tag(kFile, kAggregate.phase, __LINE__, row, std::uint32_t(b + 1)));
                const std::uint32_t lane = i % kWarpLanes;
                if (mine && (peers & lanes_below(int(lane))) == 0) // the lowest lane of its bin
                    bins.atomic_add(bin, static_cast<std::uint32_t>(vote_count(peers)));
            }
        }
    }

    static constexpr PhaseSpec kClear{"histogram-clear", "clear the block's bins", nullptr,
                                      "Each thread clears its share of the block's copy of the bins."};
    static constexpr PhaseSpec kCount{"histogram-count", "count the tile's keys", nullptr,
                                      "The block reads its tiles' keys and adds 1 to each key's bin: in global "
                                      "memory, or in its own copy in shared memory."};
    static constexpr PhaseSpec kAggregate{"histogram-aggregate", "row {level}: match the lanes' bins", nullptr,
                                          "Row {level}: a ballot for the lanes holding a key, one for each bit of "
                                          "their bins; the lowest lane of each bin adds its peers at once."};
    static constexpr PhaseSpec kMerge{"histogram-merge", "add the block's bins to the grid's", nullptr,
                                      "Thread b adds the block's count of bin b to the grid's (atomicAdd)."};
    static constexpr PhaseSpec kPhases[] = {kClear, kCount, kAggregate, kMerge};
};

} // namespace prefixlab
