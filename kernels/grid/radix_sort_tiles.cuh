// The launches of one pass of the textbook multi-block radix sort (kernels/grid/grid_sort_plan.hpp), a
// 4-bit digit a pass, each block on one tile of threads × kSortItems keys. As in the compaction
// (compact_tiles.cuh), a thread holds one key of each of the tile's rows (row k is keys k·threads …
// k·threads + threads − 1 of the tile), so every warp-wide load of a row is coalesced.
//
//   CountDigitTiles    block b counts its tile's keys of each digit into counts[d · tiles + b]: digit-major,
//                      so that the scan of the counts (the plan's spine) leaves in word (d, b) the keys of
//                      a smaller digit anywhere, and those of digit d in tiles 0..b
//   ScatterDigitTiles  block b ranks each key among the tile's keys of its digit before it (a stable rank),
//                      and writes it after the keys the scanned counts put before its digit and tile
//
// A warp tells its lanes' digits apart with five ballots a row (which lanes hold a key, then one a digit
// bit; the match of radix_sort_digits.cuh): every lane then holds all five words, so lane d (d < 16) can
// count the warp's keys of digit d in the row without any lane writing shared memory in the loop, and
// each lane its rank among the lanes of its digit. The keys' order is the radix key's
// (kernels/common/radix_key.hpp). A key's uint32 value, where there are values, goes where its key goes.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/radix_key.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/warp/warp_digit_votes.cuh"
#include "kernels/warp/warp_lanes.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace prefixlab {

inline constexpr int kSortDigitBits = 4;
inline constexpr std::uint32_t kSortDigits = 1u << kSortDigitBits;
// Keys a thread, one a row. With 16 digits, the scatter's counts of every (digit, row, warp) are then
// 16 × 4 / 32 = 2 words a thread, which the block scans in registers.
inline constexpr int kSortItems = 4;
inline constexpr std::uint32_t kSortSlotsPerThread = kSortDigits * kSortItems / kWarpLanes;
static_assert(kSortDigits * kSortItems % kWarpLanes == 0, "the scatter's counts divide among the threads");

template <class T>
struct SortLaunchIo {
    const T* keys_in = nullptr;
    T* keys_out = nullptr;
    const std::uint32_t* values_in = nullptr; // a key's value; null: keys alone
    std::uint32_t* values_out = nullptr;
    std::size_t n = 0;
    int tile = 0;          // threads × kSortItems
    std::size_t tiles = 0; // tiles_for(n, tile)
    int shift = 0;         // the pass's digit: bits shift … shift + 3 of the radix key
    // The tiles' digit counts, digit-major (word d · tiles + b), scanned in place between the two launches
    // into running totals (then the spine's levels after them).
    GridWords<std::uint32_t> counts;
};

// The keys of a tile, as a ScanIo span through which the context records each access: a sort's launch io
// (SortLaunchIo, OnesweepIo) with its keys_in, keys_out, n and tile.
template <class Io>
PL_HOST_DEVICE auto sort_tile_span(const Io& io, std::size_t tile) {
    const std::size_t base = tile * std::size_t(io.tile);
    const std::size_t left = io.n - base;
    const std::size_t count = left < std::size_t(io.tile) ? left : std::size_t(io.tile);
    using T = std::remove_const_t<std::remove_pointer_t<decltype(io.keys_in)>>;
    return ScanIo<T>{io.keys_in + base, io.keys_out, static_cast<int>(count), false};
}

template <class T>
PL_HOST_DEVICE std::uint32_t digit_of(T key, int shift) {
    return radix_key(key) >> shift & (kSortDigits - 1u);
}

struct CountDigitTiles {
    static constexpr const char* kSourcePath = "kernels/grid/radix_sort_tiles.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // 16 counts a warp, digit-major (word d · warps + w)
    PL_HOST_DEVICE static constexpr SharedLayout layout(int threads) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, kSortDigits * static_cast<std::uint32_t>(warps_in(threads)));
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const SortLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using CountValue = typename Ctx::template value<std::uint32_t>;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const auto threads = static_cast<std::uint32_t>(ctx.block_threads());
        const std::uint32_t warp = i / kWarpLanes, lane = i % kWarpLanes, warps = threads / kWarpLanes;
        const ScanIo<T> tile = sort_tile_span(io, b);
        const auto counts = ctx.template shared<std::uint32_t>(layout(int(threads)).find(BufferId::warp_totals));

        ctx.begin(step_tag(kFile, kCount.phase, __LINE__));
        const auto in = block_input(ctx, tile);
        std::uint32_t mine = 0; // lane d < 16: the warp's keys of digit d so far
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kSortItems; ++k) {
            const std::uint32_t e = static_cast<std::uint32_t>(k) * threads + i;
            const bool holds = e < static_cast<std::uint32_t>(tile.n);
            std::uint32_t digit = 0;
            if (holds) {
                const V x = in[e];
                digit = digit_of(plain_value(x), io.shift);
            }
            const auto votes = vote_digits<kSortDigitBits>(ctx, holds, digit, kVote.phase, std::uint16_t(k + 1));
            mine += static_cast<std::uint32_t>(vote_count(votes.lanes_of(lane % kSortDigits)));
        }
        if (lane < kSortDigits)
            counts[lane * warps + warp] = mine;
        // barrier: every warp's counts are in shared memory; thread d adds up digit d's
        ctx.sync(step_tag(kFile, kStore.phase, __LINE__));
        if (i < kSortDigits) {
            std::uint32_t total = 0;
            for (std::uint32_t w = 0; w < warps; ++w) {
                const CountValue c = counts[i * warps + w];
                total += plain_value(c);
            }
            write_total(ctx, io.counts, static_cast<std::uint32_t>(i * io.tiles + b), total);
        }
    }

    static constexpr PhaseSpec kCount{"sort-count", "read each tile's keys and their digits", nullptr,
                                      "Each thread reads one key of each row of its block's tile and takes "
                                      "the pass's digit of it."};
    static constexpr PhaseSpec kVote{"sort-count-vote", "row {level}: each warp votes its keys' digits", nullptr,
                                     "Row {level}: each warp votes on which lanes hold a key and on each bit "
                                     "of their digits (5 ballots); lane d counts the warp's keys of digit d."};
    static constexpr PhaseSpec kStore{"sort-count-store", "store each tile's 16 digit counts", nullptr,
                                      "Thread d adds up the warps' counts of digit d and stores the tile's, "
                                      "digit-major: the scan of the counts then runs digit by digit."};
    static constexpr PhaseSpec kPhases[] = {kCount, kVote, kStore};
};

struct ScatterDigitTiles {
    static constexpr const char* kSourcePath = "kernels/grid/radix_sort_tiles.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    // The counts of every (digit, row, warp), digit-major, then scanned in place into the tile's keys
    // before each; then each warp's total of them (kWarpSums on), the warps before each (kWarpsBefore on),
    // and where each digit's keys of the tile start in the output, less their first count (kDigitBase on).
    PL_HOST_DEVICE static constexpr std::uint32_t slots(int threads) {
        return kSortSlotsPerThread * static_cast<std::uint32_t>(threads);
    }
    PL_HOST_DEVICE static constexpr std::uint32_t warp_sums(int threads) { return slots(threads); }
    PL_HOST_DEVICE static constexpr std::uint32_t warps_before(int threads) { return slots(threads) + kWarpLanes; }
    PL_HOST_DEVICE static constexpr std::uint32_t digit_base(int threads) { return slots(threads) + 2 * kWarpLanes; }
    PL_HOST_DEVICE static constexpr SharedLayout layout(int threads) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, digit_base(threads) + kSortDigits);
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const SortLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using U = typename Ctx::template value<std::uint32_t>;
        using Count = AddOp<std::uint32_t>;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const int threads = ctx.block_threads();
        const std::uint32_t warp = i / kWarpLanes, lane = i % kWarpLanes;
        const std::uint32_t warps = static_cast<std::uint32_t>(threads) / kWarpLanes;
        const std::uint32_t per_digit = kSortItems * warps; // slots of a digit: (row, warp), row-major
        const ScanIo<T> tile = sort_tile_span(io, b);
        const std::size_t tile_base = std::size_t(b) * std::size_t(io.tile);
        const auto words = ctx.template shared<std::uint32_t>(layout(threads).find(BufferId::warp_totals));

        ctx.begin(step_tag(kFile, kLoad.phase, __LINE__));
        const auto in = block_input(ctx, tile);
        V x[kSortItems];
        std::uint32_t digit[kSortItems], below[kSortItems];
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kSortItems; ++k) {
            const std::uint32_t e = static_cast<std::uint32_t>(k) * static_cast<std::uint32_t>(threads) + i;
            const bool holds = e < static_cast<std::uint32_t>(tile.n);
            digit[k] = 0;
            if (holds) {
                x[k] = in[e];
                digit[k] = digit_of(plain_value(x[k]), io.shift);
            }
            const auto votes = vote_digits<kSortDigitBits>(ctx, holds, digit[k], kVote.phase, std::uint16_t(k + 1));
            below[k] = static_cast<std::uint32_t>(vote_count(votes.lanes_of(digit[k]) & lanes_below(int(lane))));
            if (lane < kSortDigits) // lane d: the warp's keys of digit d in row k
                words[(lane * kSortItems + static_cast<std::uint32_t>(k)) * warps + warp] =
                    static_cast<std::uint32_t>(vote_count(votes.lanes_of(lane)));
        }
        // barrier: every (digit, row, warp) count is in shared memory. The block scans them, exclusive, in
        // their order: each thread adds up its 2 words, the warps scan the threads' sums, warp 0 the warps'.
        ctx.sync(step_tag(kFile, kRank.phase, __LINE__));
        const std::uint32_t first = i * kSortSlotsPerThread;
        std::uint32_t own[kSortSlotsPerThread], sum = 0;
        PL_CUDA_PRAGMA(unroll)
        for (std::uint32_t s = 0; s < kSortSlotsPerThread; ++s) {
            const U c = words[first + s];
            own[s] = plain_value(c);
            sum += own[s];
        }
        U through = sum;
        warp_inclusive_scan<Count>(ctx, through, lane, 0xffffffffu, kRankShuffle.phase);
        if (lane == kWarpLanes - 1)
            words[warp_sums(threads) + warp] = plain_value(through);
        // barrier: the warps' sums are in shared memory. Every warp scans them (one would do, but a warp that
        // skipped the shuffles would leave the block's steps out of step); warp 0 stores the result.
        ctx.sync(step_tag(kFile, kRankWarps.phase, __LINE__));
        U warp_sum = 0u;
        if (lane < warps)
            warp_sum = words[warp_sums(threads) + lane];
        const std::uint32_t own_sum = plain_value(warp_sum);
        warp_inclusive_scan<Count>(ctx, warp_sum, lane, 0xffffffffu, kRankShuffle.phase);
        if (warp == 0 && lane < warps)
            words[warps_before(threads) + lane] = plain_value(warp_sum) - own_sum;
        // barrier: the warps before each are in shared memory; each thread stores its words' exclusive scan
        ctx.sync(step_tag(kFile, kRankStore.phase, __LINE__));
        const U before_warp = words[warps_before(threads) + warp];
        std::uint32_t running = plain_value(before_warp) + plain_value(through) - sum;
        PL_CUDA_PRAGMA(unroll)
        for (std::uint32_t s = 0; s < kSortSlotsPerThread; ++s) {
            words[first + s] = running;
            running += own[s];
        }
        // barrier: the tile's scan is in shared memory. Thread d: digit d's keys of the tile go after the
        // keys of a smaller digit anywhere and those of digit d in the tiles before (the scanned counts)
        ctx.sync(step_tag(kFile, kDigitBase.phase, __LINE__));
        if (i < kSortDigits) {
            const std::uint32_t word = static_cast<std::uint32_t>(i * io.tiles + b);
            const std::uint32_t before = word > 0 ? read_total(ctx, io.counts, word - 1) : 0u;
            const U tile_start = words[i * per_digit];
            words[digit_base(threads) + i] = before - plain_value(tile_start);
        }
        // barrier: the digits' bases are in shared memory
        ctx.sync(step_tag(kFile, kScatter.phase, __LINE__));
        const auto out = block_output(ctx, ScanIo<T>{io.keys_in, io.keys_out, static_cast<int>(io.n), false});
        const bool pairs = io.values_in != nullptr;
        const std::uint32_t* values_tile = pairs ? io.values_in + tile_base : nullptr;
        const auto values_in = block_input(ctx, ScanIo<std::uint32_t>{values_tile, io.values_out, tile.n, false});
        const auto values_out =
            block_output(ctx, ScanIo<std::uint32_t>{values_tile, io.values_out, static_cast<int>(io.n), false});
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kSortItems; ++k) {
            const std::uint32_t e = static_cast<std::uint32_t>(k) * static_cast<std::uint32_t>(threads) + i;
            if (e < static_cast<std::uint32_t>(tile.n)) {
                const U base = words[digit_base(threads) + digit[k]];
                const U slot = words[(digit[k] * kSortItems + static_cast<std::uint32_t>(k)) * warps + warp];
                const std::uint32_t place = plain_value(base) + plain_value(slot) + below[k];
                out[place] = x[k];
                if (pairs) {
                    const U value = values_in[e];
                    values_out[place] = value;
                }
            }
        }
    }

    static constexpr PhaseSpec kLoad{"sort-scatter-load", "read each tile's keys and their digits", nullptr,
                                     "Each thread reads one key of each row of its block's tile and takes the "
                                     "pass's digit of it."};
    static constexpr PhaseSpec kVote{"sort-scatter-vote", "row {level}: each warp matches its keys' digits", nullptr,
                                     "Row {level}: 5 ballots give each lane the lanes of its warp with its digit "
                                     "(its rank: those below it), and lane d the warp's count of digit d."};
    static constexpr PhaseSpec kRank{"sort-scatter-rank", "scan the tile's counts: each warp", nullptr,
                                     "The tile's counts of every digit, row and warp, digit-major: each thread "
                                     "adds up its 2 and each warp scans its threads' sums."};
    static constexpr PhaseSpec kRankShuffle{"sort-scatter-rank-shuffle", "scan the counts: shuffle δ={offset}",
                                            nullptr, "Each warp scans its threads' sums, shuffle δ={offset}."};
    static constexpr PhaseSpec kRankWarps{"sort-scatter-rank-warps", "scan the warps' sums", nullptr,
                                          "Each warp scans the warps' sums; warp 0 stores those before each warp."};
    static constexpr PhaseSpec kRankStore{"sort-scatter-rank-store", "store the tile's scan of the counts", nullptr,
                                          "Each thread stores the keys of the tile before each of its 2 counts."};
    static constexpr PhaseSpec kDigitBase{"sort-scatter-base", "where each digit's keys of the tile start", nullptr,
                                          "Thread d reads the keys before digit d's of this tile from the scanned "
                                          "counts: every key of a smaller digit, and digit d's in earlier tiles."};
    static constexpr PhaseSpec kScatter{"sort-scatter", "scatter each tile's keys", nullptr,
                                        "Each key goes after its digit's keys before its tile, then after the "
                                        "tile's keys of its digit before it: stable, so the keys are sorted by "
                                        "the digits so far."};
    static constexpr PhaseSpec kPhases[] = {kLoad, kVote, kRank, kRankShuffle, kRankWarps, kRankStore, kDigitBase,
                                            kScatter};
};

} // namespace prefixlab
