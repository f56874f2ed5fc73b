// Onesweep (Adinets & Merrill, "Onesweep: A Faster Least Significant Digit Radix Sort for GPUs", 2022; CUB's
// DeviceRadixSort since CUB 2.0): a radix sort with one launch a digit pass, 8-bit digits, where the textbook
// (grid_sort_plan.hpp) makes three launches a 4-bit digit. Its launches (onesweep_sort_plan.hpp):
//
//   OnesweepHistogram  reads the keys once and counts every pass's digits at once: 256 counts a pass
//   OnesweepScanCounts one block turns each pass's 256 counts into where each digit's keys start (exclusive)
//   OnesweepPass       one a pass: a block takes the next tile from a counter, counts its keys' digits and
//                      publishes the counts at once, ranks its keys by digit, learns how many keys of each
//                      digit the tiles before it hold by decoupled look-back over their 256 counts
//                      (digit_look_back: a thread a digit, the scans' protocol on a vector of counts), and
//                      writes its keys, staged in shared memory in digit order, as runs of consecutive
//                      addresses
//
// A tile is kThreads × kItems keys; warp w holds keys w·32·kItems … (w+1)·32·kItems − 1, row k of it
// keys 32k … 32k + 31 of its part, so that each row's load is coalesced and ranking warp by warp, row by row,
// keeps the keys' order (stable). A row's keys are matched by digit with ballots, as in the 4-bit sorts, one
// a digit bit; each warp keeps its places of each digit in shared memory of its own, the lowest lane of a
// digit moving it on, so no two lanes write a word at once.
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
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/histogram_tiles.cuh" // histogram_bin
#include "kernels/grid/publish_tile_status.cuh"
#include "kernels/grid/radix_sort_tiles.cuh" // sort_tile_span
#include "kernels/grid/tile_status.hpp"
#include "kernels/warp/warp_digit_votes.cuh"
#include "kernels/warp/warp_lanes.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

inline constexpr int kOnesweepDigitBits = 8;
inline constexpr std::uint32_t kOnesweepDigits = 1u << kOnesweepDigitBits;
// A thread a digit in the look-back and the scans of the counts.
inline constexpr int kOnesweepThreads = static_cast<int>(kOnesweepDigits);
inline constexpr std::uint32_t kOnesweepWarps = kOnesweepDigits / kWarpLanes;
inline constexpr int kOnesweepMaxPasses = 32 / kOnesweepDigitBits;

// Passes of a sort over bits 0 … end_bit − 1: an 8-bit digit each, at least one.
PL_HOST_DEVICE constexpr int onesweep_passes(int end_bit) {
    const int passes = (end_bit + kOnesweepDigitBits - 1) / kOnesweepDigitBits;
    return passes < 1 ? 1 : passes;
}

template <class T>
PL_HOST_DEVICE std::uint32_t onesweep_digit(T key, int pass) {
    return radix_key(key) >> (pass * kOnesweepDigitBits) & (kOnesweepDigits - 1u);
}

// How a pass moves the keys' values (pairs), if they have any:
//   own_buffer  each staged as its key is ranked, in shared memory of its own beside the keys'
//   after_keys  once the keys are written out, through the keys' shared memory: a block needs no more of it
//               than for keys alone (41 KiB at 256 × 32 against 73), so that as many blocks fit on an SM
enum class OnesweepValues : std::uint8_t { none, own_buffer, after_keys };

template <class T>
struct OnesweepIo {
    const T* keys_in = nullptr;
    T* keys_out = nullptr;
    const std::uint32_t* values_in = nullptr; // a key's value; null: keys alone
    std::uint32_t* values_out = nullptr;
    std::size_t n = 0;
    int tile = 0;          // kOnesweepThreads × kItems
    std::size_t tiles = 0; // tiles_for(n, tile)
    int pass = 0;          // OnesweepPass: the digit, bits 8·pass … 8·pass + 7 of the radix key
    std::uint32_t bins = 0; // OnesweepPass<…, kBuckets>: a key's digit is its bin of `bins` (histogram_bin), 1 … 256
    int passes = 1;        // OnesweepHistogram: how many passes it counts for
    // The passes' digit counts, pass-major (word p · 256 + d), zero before the histogram; after
    // OnesweepScanCounts, where each digit's keys start in the output.
    GridWords<std::uint32_t> counts;
    GridWords<std::uint64_t> status;       // OnesweepPass: tiles × 256 status words, tile-major, all invalid
    GridWords<std::uint32_t> tile_counter; // OnesweepPass: 0 before the launch
    // The histogram's blocks loop over the tiles, as many blocks as fit at once (the launchers read these).
    bool loop_over_tiles = true;
    TileOrder order = TileOrder::atomic_counter;
};

// Key q of a thread: row q of its warp's part of the tile, its lane's column.
PL_HOST_DEVICE constexpr std::uint32_t onesweep_element(int items, std::uint32_t warp, int q, std::uint32_t lane) {
    return (warp * std::uint32_t(items) + std::uint32_t(q)) * kWarpLanes + lane;
}

// A thread's keys of a tile of `count` keys: key q is element first + 32q (row q of its warp's part), and the
// thread holds one where 32q < left. The histogram and the pass read their tiles so.
struct ThreadTileKeys {
    std::uint32_t first = 0, left = 0;
    PL_HOST_DEVICE bool holds(int q) const { return std::uint32_t(q) * kWarpLanes < left; }
    PL_HOST_DEVICE std::uint32_t element(int q) const { return first + std::uint32_t(q) * kWarpLanes; }
};

template <int kItems>
PL_HOST_DEVICE ThreadTileKeys thread_tile_keys(std::uint32_t warp, std::uint32_t lane, std::uint32_t count) {
    const std::uint32_t first = onesweep_element(kItems, warp, 0, lane);
    return {first, count > first ? count - first : 0u};
}

// The thread's keys of the tile into x, every load in flight before the first is used.
template <int kItems, class In, class V>
PL_BODY void load_thread_keys(const In& in, const ThreadTileKeys& mine, V (&x)[kItems]) {
    PL_CUDA_PRAGMA(unroll)
    for (int q = 0; q < kItems; ++q)
        if (mine.holds(q))
            x[q] = in[mine.element(q)];
}

// The lanes of the calling lane's warp that hold a key of its digit (none where it holds none). Every lane of
// the warp calls it.
template <class Ctx>
PL_BODY std::uint32_t onesweep_peers(Ctx& ctx, bool holds, std::uint32_t digit, Phase phase, std::uint16_t row) {
    const auto votes = vote_digits<kOnesweepDigitBits>(ctx, holds, digit, phase, row);
    return holds ? votes.lanes_of(digit) : 0u;
}

// Adds a row's keys of each digit to the warp's own counts (`counts`, 256 words from `base`): every lane of
// a digit reads the count so far, and after the warp's lanes have all read it, the lowest of them writes it
// grown by the digit's keys in the row. Returns the count so far: the lane's rank is it plus its peers below.
template <class Ctx, class Words>
PL_BODY std::uint32_t count_row_digit(Ctx& ctx, const Words& counts, std::uint32_t base, bool holds,
                                      std::uint32_t digit, std::uint32_t peers, std::uint32_t lane) {
    using U = typename Ctx::template value<std::uint32_t>;
    std::uint32_t before = 0;
    if (holds) {
        const U c = counts[base + digit];
        before = plain_value(c);
    }
    ctx.sync_warp(0xffffffffu); // every lane has read before the lowest writes
    if (holds && (peers & lanes_below(int(lane))) == 0)
        counts[base + digit] = before + static_cast<std::uint32_t>(vote_count(peers));
    ctx.sync_warp(0xffffffffu); // written before the next row reads
    return before;
}

// Every thread's `value` summed over the threads before it, in every thread: each warp scans its lanes, its
// last lane stores the warp's sum in sums[first + warp], and after the barrier `next` each thread adds the
// sums of the warps before its own. Those words must not be read by anyone after the previous barrier.
template <class Ctx, class Words>
PL_BODY std::uint32_t block_exclusive_sum(Ctx& ctx, std::uint32_t value, const Words& sums, std::uint32_t first,
                                          Phase shuffle, StepTag next) {
    using U = typename Ctx::template value<std::uint32_t>;
    const auto i = static_cast<std::uint32_t>(ctx.thread_index());
    const std::uint32_t lane = i % kWarpLanes, warp = i / kWarpLanes;
    U through = value;
    warp_inclusive_scan<AddOp<std::uint32_t>>(ctx, through, lane, 0xffffffffu, shuffle);
    if (lane == kWarpLanes - 1)
        sums[first + warp] = plain_value(through);
    ctx.sync(next);
    std::uint32_t before = 0;
    for (std::uint32_t w = 0; w < warp; ++w) {
        const U s = sums[first + w];
        before += plain_value(s);
    }
    return before + plain_value(through) - value;
}

// Decoupled look-back over a vector of counts (Merrill & Garland 2016, §4; Onesweep's per-digit form), a thread
// a digit, in two calls: publish_digit_count puts out the tile's count of digit d as soon as it is known
// (status "aggregate"; tile 0's is its inclusive prefix at once), and digit_look_back, later, walks back over
// the earlier tiles' words of digit d, adding aggregates, until a tile's inclusive prefix, and publishes its own
// prefix. Each thread waits for its digit alone.
template <class Ctx>
PL_BODY void publish_digit_count(Ctx& ctx, GridWords<std::uint64_t> status, std::uint32_t tile, std::uint32_t digit,
                                 std::uint32_t count) {
    publish_tile_status(ctx, status, tile * kOnesweepDigits + digit,
                        tile == 0 ? TileStatus::prefix : TileStatus::aggregate, count);
}

// Returns the keys of digit d in the tiles before this one (`count`: the tile's, published before). It reads
// kWindow predecessors' words at once, newest first, as the scans' look-back reads a window of 32 with a
// warp: one round trip to L2 for kWindow tiles where reading one at a time makes kWindow. A word still
// invalid is polled again alone; words past the first prefix are read and not used.
template <int kWindow, class Ctx>
PL_BODY std::uint32_t digit_look_back(Ctx& ctx, GridWords<std::uint64_t> status, std::uint32_t tile,
                                      std::uint32_t digit, std::uint32_t count) {
    static_assert(kWindow >= 1 && kWindow <= 32, "a window of 1 to 32 predecessors");
    const auto word_of = [digit](std::uint32_t t) { return t * kOnesweepDigits + digit; };
    if (tile == 0)
        return 0;
    std::uint32_t before = 0;
    bool found = false;
    for (std::uint32_t newest = tile - 1; !found; newest -= std::uint32_t(kWindow)) {
        std::uint64_t words[kWindow];
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kWindow; ++k) // the window's reads, all in flight before the first is used
            words[k] = std::uint32_t(k) <= newest ? ctx.load_status(status, word_of(newest - std::uint32_t(k)))
                                                  : pack_tile_status(TileStatus::prefix, 0);
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kWindow; ++k) {
            if (found)
                break;
            const std::uint32_t t = newest - std::uint32_t(k); // tile 0's word is a prefix: t never wraps
            TileWait wait{tile, t, TileStatus::aggregate, 0};
            while (status_of(words[k]) == TileStatus::invalid) {
                ctx.spin_wait(wait);
                ++wait.polls;
                words[k] = ctx.load_status(status, word_of(t));
            }
            before += value_bits_of(words[k]);
            found = status_of(words[k]) == TileStatus::prefix;
        }
    }
    publish_tile_status(ctx, status, word_of(tile), TileStatus::prefix, before + count);
    return before;
}

// kSharedAtomics: each key adds 1 to its digit's count of each pass in the block's shared memory with an
// atomicAdd (CUB's histogram), where without it each warp matches a row's digits by ballots (9 a pass).
template <int kItems, bool kSharedAtomics = false>
struct OnesweepHistogram {
    static constexpr const char* kSourcePath = "kernels/grid/onesweep_sort.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr bool kLoopsOverTiles = true;

    // Each warp's counts of each pass's digits (warp-major, then pass-major); with shared atomics, the block's.
    static constexpr std::uint32_t kCounters = kSharedAtomics ? 1 : kOnesweepWarps;
    PL_HOST_DEVICE static constexpr SharedLayout layout(int) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, kCounters * kOnesweepMaxPasses * kOnesweepDigits);
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const OnesweepIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using U = typename Ctx::template value<std::uint32_t>;
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const std::uint32_t lane = i % kWarpLanes, warp = i / kWarpLanes;
        const std::uint32_t per_warp = kOnesweepMaxPasses * kOnesweepDigits;
        const auto counts = ctx.template shared<std::uint32_t>(layout(0).find(BufferId::warp_totals));

        ctx.begin(step_tag(kFile, kClear.phase, __LINE__));
        for (std::uint32_t w = i; w < kCounters * per_warp; w += kOnesweepDigits)
            counts[w] = 0u;
        // barrier: every count is 0
        ctx.sync(step_tag(kFile, kCount.phase, __LINE__));
        for (std::size_t tile = std::size_t(ctx.block_index()); tile < io.tiles; tile += std::size_t(ctx.grid_blocks())) {
            const ScanIo<T> span = sort_tile_span(io, tile);
            const auto in = block_input(ctx, span);
            const auto count = static_cast<std::uint32_t>(span.n);
            const ThreadTileKeys mine = thread_tile_keys<kItems>(warp, lane, count);
            const auto holds = [&mine](int q) { return mine.holds(q); };
            V x[kItems];
            load_thread_keys<kItems>(in, mine, x);
            if constexpr (kSharedAtomics) {
                // each key adds 1 to its digit's count of each pass: the passes a constant, so that no branch
                // stands between two atomics (a branch a pass cost 9 instructions an atomic, 3 without)
                switch (io.passes) {
                case 1: count_pass_digits<1>(counts, x, mine); break;
                case 2: count_pass_digits<2>(counts, x, mine); break;
                case 3: count_pass_digits<3>(counts, x, mine); break;
                default: count_pass_digits<kOnesweepMaxPasses>(counts, x, mine); break;
                }
                // barrier: a step a tile, as the ballots open steps (the emulator's steps hold at most 255
                // accesses a thread); on the GPU one barrier a tile
                ctx.sync(step_tag(kFile, kCount.phase, __LINE__));
            } else {
                for (int q = 0; q < kItems; ++q)
                    for (int p = 0; p < io.passes; ++p) {
                        const std::uint32_t digit = holds(q) ? onesweep_digit(plain_value(x[q]), p) : 0u;
                        const std::uint32_t peers =
                            onesweep_peers(ctx, holds(q), digit, kVote.phase, std::uint16_t(p + 1));
                        count_row_digit(ctx, counts, warp * per_warp + std::uint32_t(p) * kOnesweepDigits, holds(q),
                                        digit, peers, lane);
                    }
            }
        }
        // barrier: every warp's counts are done; thread d adds up digit d's of each pass into the grid's
        ctx.sync(step_tag(kFile, kAdd.phase, __LINE__));
        for (int p = 0; p < io.passes; ++p) {
            std::uint32_t total = 0;
            for (std::uint32_t w = 0; w < kCounters; ++w) {
                const U c = counts[w * per_warp + std::uint32_t(p) * kOnesweepDigits + i];
                total += plain_value(c);
            }
            if (total != 0)
                ctx.template atomic_combine<AddOp<std::uint32_t>>(io.counts, std::uint32_t(p) * kOnesweepDigits + i,
                                                                  total);
        }
    }

    // Each of the thread's keys adds 1 to its digit's count of each of kPasses passes (shared atomics). A
    // thread holding all its keys (all but the last tile's) tests none: a branch a key cost 5 instructions.
    template <int kPasses, class Counts, class V>
    PL_BODY static void count_pass_digits(const Counts& counts, const V (&x)[kItems], const ThreadTileKeys& mine) {
        if (mine.holds(kItems - 1))
            count_keys_digits<kPasses>(counts, x, [](int) { return true; });
        else
            count_keys_digits<kPasses>(counts, x, [&mine](int q) { return mine.holds(q); });
    }
    template <int kPasses, class Counts, class V, class Holds>
    PL_BODY static void count_keys_digits(const Counts& counts, const V (&x)[kItems], const Holds& holds) {
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            if (!holds(q))
                continue;
            PL_CUDA_PRAGMA(unroll)
            for (int p = 0; p < kPasses; ++p)
                counts.atomic_add(std::uint32_t(p) * kOnesweepDigits + onesweep_digit(plain_value(x[q]), p), 1u);
        }
    }

    static constexpr PhaseSpec kClear{"onesweep-histogram-clear", "clear the warps' digit counts", nullptr,
                                      "Each thread clears its share of the warps' counts of every pass's digits."};
    static constexpr PhaseSpec kCount{"onesweep-histogram-count", "count every pass's digits", nullptr,
                                      "The block reads its tiles' keys row by row; for each pass, each warp "
                                      "matches its lanes' digits and counts them."};
    static constexpr PhaseSpec kVote{"onesweep-histogram-vote", "pass {level}: match the row's digits", nullptr,
                                     "Pass {level}: a ballot for the lanes holding a key, one for each bit of "
                                     "their digits; the lowest lane of each digit adds its peers to the warp's "
                                     "count."};
    static constexpr PhaseSpec kAdd{"onesweep-histogram-add", "add the block's counts to the grid's", nullptr,
                                    "Thread d adds up the warps' counts of digit d of each pass and adds them to "
                                    "the grid's (atomicAdd)."};
    static constexpr PhaseSpec kPhases[] = {kClear, kCount, kVote, kAdd};
};

// One block: each pass's 256 counts become where each digit's keys start (an exclusive sum over digits).
struct OnesweepScanCounts {
    static constexpr const char* kSourcePath = "kernels/grid/onesweep_sort.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    PL_HOST_DEVICE static constexpr SharedLayout layout(int) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, kOnesweepWarps);
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const OnesweepIo<typename Op::value_type>& io) {
        const auto d = static_cast<std::uint32_t>(ctx.thread_index());
        const auto sums = ctx.template shared<std::uint32_t>(layout(0).find(BufferId::warp_totals));
        ctx.begin(step_tag(kFile, kScan.phase, __LINE__));
        for (int p = 0; p < io.passes; ++p) {
            const std::uint32_t word = std::uint32_t(p) * kOnesweepDigits + d;
            const std::uint32_t count = read_total(ctx, io.counts, word);
            const std::uint32_t start =
                block_exclusive_sum(ctx, count, sums, 0, kShuffle.phase,
                                    step_tag(kFile, kStore.phase, __LINE__, std::uint16_t(p + 1)));
            write_total(ctx, io.counts, word, start);
            // barrier: every thread has read the warps' sums before the next pass's scan writes them
            ctx.sync(step_tag(kFile, kScan.phase, __LINE__, std::uint16_t(p + 2)));
        }
    }

    static constexpr PhaseSpec kScan{"onesweep-scan-counts", "read a pass's 256 digit counts", nullptr,
                                     "Thread d reads the grid's count of digit d of the pass."};
    static constexpr PhaseSpec kShuffle{"onesweep-scan-counts-shuffle", "scan the counts: shuffle δ={offset}",
                                        nullptr, "Each warp scans its threads' counts, shuffle δ={offset}."};
    static constexpr PhaseSpec kStore{"onesweep-scan-counts-store", "pass {level}: where each digit's keys start",
                                      nullptr,
                                      "Thread d adds the warps' sums before its own: the keys of the digits below "
                                      "d, where digit d's keys start in the output."};
    static constexpr PhaseSpec kPhases[] = {kScan, kShuffle, kStore};
};

// A pass in CUB's order (Onesweep's "early counts"): the tile's keys are read and each warp counts its keys of
// each digit with shared atomics; from those counts alone the block knows, before any key is ranked, how many
// keys of each digit the tile holds (published at once for the later tiles' look-backs) and where each warp's
// keys of each digit go in the tile. The ranking then gives each key its place in the tile, the look-back
// (after it, so that the predecessors' counts are out by then) where the tile's keys of each digit go in the
// output, and the keys are staged in the tile's digit order and written out in runs; the values after them,
// through the same shared memory, to the places the keys went.
//
// The lanes past the tile's end (the last tile's) rank as keys of the largest digit: they come after every key
// of the tile, so they take the places past its last key and no key's rank counts them, and their ballots need
// no vote of who holds a key. They are not counted, staged or written.
// kValues: whether the keys have values (io.values_in), and how they are staged (OnesweepValues).
// kBuckets: a key's digit is its bin of io.bins (histogram_bin of its radix key), not a radix digit: the pass
// is then a stable bucketing of the keys by scan (kernels/grid/bucket_plan.hpp).
template <int kItems, int kWindow = 1, OnesweepValues kValues = OnesweepValues::none, bool kBuckets = false>
struct OnesweepPass {
    static constexpr const char* kSourcePath = "kernels/grid/onesweep_sort.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr int kTile = kOnesweepThreads * kItems;
    static constexpr int kMaxRegisters = 64;
    static constexpr bool kPairs = kValues != OnesweepValues::none;
    static constexpr bool kOwnBuffer = kValues == OnesweepValues::own_buffer;
    static constexpr bool kAfterKeys = kValues == OnesweepValues::after_keys;
    static constexpr int kValueLead = 4; // own_buffer: rows whose values are in flight ahead of the ranking
    // after_keys: each key's place in the tile is kept in a register, two to a word (16 at 32 keys); the digit
    // of each staged key a thread writes out in shared memory (pong), four to a word, since with them in
    // registers too the pass spilled (ptxas: 96 bytes a thread at 256 × 32)
    static_assert(kTile <= 65536, "a key's place in the tile is kept in 16 bits");
    static constexpr int kPlaceWords = (kItems + 1) / 2;
    static constexpr int kDigitWords = (kItems + 3) / 4;

    template <class T>
    PL_HOST_DEVICE static std::uint32_t pass_digit(T key, const OnesweepIo<T>& io) {
        if constexpr (kBuckets)
            return histogram_bin(radix_key(key), io.bins);
        else
            return onesweep_digit(key, io.pass);
    }

    // warp_totals: each warp's counts of each digit (warp-major), then where its keys of each digit go in the
    // tile; where each digit's keys of the tile go in the output less where they start in the tile; the warps'
    // sums of a block sum; the tile's index. data: the tile's keys in digit order, then (after_keys) their
    // values; pong: (own_buffer) their values, (after_keys) the staged keys' digits, word w · 256 + t holding
    // thread t's keys 4w … 4w + 3.
    static constexpr std::uint32_t kDigitBase = kOnesweepWarps * kOnesweepDigits;
    static constexpr std::uint32_t kSums = kDigitBase + kOnesweepDigits;
    static constexpr std::uint32_t kTileSlot = kSums + kOnesweepWarps;
    PL_HOST_DEVICE static constexpr SharedLayout layout(int) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, kTileSlot + 1);
        layout.add(BufferId::data, kTile);
        if (kOwnBuffer)
            layout.add(BufferId::pong, kTile);
        if (kAfterKeys)
            layout.add(BufferId::pong, kDigitWords * kOnesweepThreads);
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const OnesweepIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using U = typename Ctx::template value<std::uint32_t>;
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const std::uint32_t lane = i % kWarpLanes, warp = i / kWarpLanes, d = i; // thread d: digit d
        const SharedLayout shape = layout(0);
        const auto words = ctx.template shared<std::uint32_t>(shape.find(BufferId::warp_totals));
        const auto staged = ctx.template shared<T>(shape.find(BufferId::data));
        const auto staged_values = ctx.template shared<std::uint32_t>(shape.find(kOwnBuffer ? BufferId::pong : BufferId::data));

        // 1. the tile, from the counter (tiles are taken in order, so every earlier one belongs to a block
        // that has started: the look-back never waits on a block that cannot run); the warps' counts cleared
        ctx.begin(step_tag(kFile, kTake.phase, __LINE__));
        if (i == 0)
            words[kTileSlot] = ctx.template atomic_combine<AddOp<std::uint32_t>>(io.tile_counter, 0, 1u);
        for (std::uint32_t w = 0; w < kOnesweepWarps; ++w)
            words[w * kOnesweepDigits + d] = 0u;
        // barrier: the tile's index is in shared memory and every count is 0
        ctx.sync(step_tag(kFile, kCount.phase, __LINE__));
        const U taken = words[kTileSlot];
        const std::uint32_t tile = plain_value(taken);
        const ScanIo<T> span = sort_tile_span(io, tile);
        const auto count = static_cast<std::uint32_t>(span.n);
        const ThreadTileKeys mine = thread_tile_keys<kItems>(warp, lane, count);
        const auto holds = [&mine](int q) { return mine.holds(q); };

        // 2. the keys, every load in flight before the first is used; each warp counts its keys of each digit
        const auto in = block_input(ctx, span);
        V x[kItems];
        load_thread_keys<kItems>(in, mine, x);
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q)
            if (holds(q))
                words.atomic_add(warp * kOnesweepDigits + pass_digit(plain_value(x[q]), io), 1u);

        // 3. thread d: digit d's counts over the warps become where each warp's keys of digit d start among
        // the tile's; the tile's count is published; the tile's keys of the digits below d
        // barrier: every warp's counts are made
        ctx.sync(step_tag(kFile, kOffsets.phase, __LINE__));
        std::uint32_t in_tile = 0;
        for (std::uint32_t w = 0; w < kOnesweepWarps; ++w) {
            const U c = words[w * kOnesweepDigits + d];
            words[w * kOnesweepDigits + d] = in_tile;
            in_tile += plain_value(c);
        }
        // A digit no key of the pass has (the histogram's counts say so: it starts where the next one does)
        // is 0 in every tile: no tile publishes it or looks back for it. Keys of 0..9 have 10 digits of 256.
        const std::uint32_t digit_word = std::uint32_t(io.pass) * kOnesweepDigits + d;
        const std::uint32_t digit_start = read_total(ctx, io.counts, digit_word);
        const std::uint32_t next_start =
            d + 1 < kOnesweepDigits ? read_total(ctx, io.counts, digit_word + 1) : static_cast<std::uint32_t>(io.n);
        const bool present = next_start != digit_start;
        if (present)
            publish_digit_count(ctx, io.status, tile, d, in_tile);
        const std::uint32_t tile_start = block_exclusive_sum(ctx, in_tile, words, kSums, kScanShuffle.phase,
                                                             step_tag(kFile, kTileStarts.phase, __LINE__));
        for (std::uint32_t w = 0; w < kOnesweepWarps; ++w) {
            const U c = words[w * kOnesweepDigits + d];
            words[w * kOnesweepDigits + d] = plain_value(c) + tile_start;
        }

        // 4. each warp ranks its keys row by row: a key's place in the tile is where its warp's keys of its
        // digit go, plus those of them in earlier rows, plus its peers below it in its row
        // barrier: every warp's places are in shared memory
        ctx.sync(step_tag(kFile, kRank.phase, __LINE__));
        // and is staged there, with its value: the tile in digit order
        const std::size_t tile_base = std::size_t(tile) * std::size_t(io.tile);
        const auto values_in = block_input(
            ctx, ScanIo<std::uint32_t>{kPairs ? io.values_in + tile_base : nullptr, io.values_out, int(count), false});
        // own_buffer: row q's values are read kValueLead rows ahead of their ranking (a warp barrier orders the
        // rows, and no load moves across it: read in its row, each row waited for its value's load)
        U ahead[kValueLead];
        std::uint32_t places[kPlaceWords] = {}; // after_keys
        if constexpr (kOwnBuffer) {
            PL_CUDA_PRAGMA(unroll)
            for (int q = 0; q < kValueLead && q < kItems; ++q)
                if (holds(q))
                    ahead[q] = values_in[mine.element(q)];
        }
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            const std::uint32_t digit = holds(q) ? pass_digit(plain_value(x[q]), io) : kOnesweepDigits - 1u;
            const std::uint32_t peers = digit_peers<kOnesweepDigitBits>(ctx, digit, kVote.phase, std::uint16_t(q + 1));
            const std::uint32_t place = count_row_digit(ctx, words, warp * kOnesweepDigits, true, digit, peers, lane) +
                                        static_cast<std::uint32_t>(vote_count(peers & lanes_below(int(lane))));
            if (holds(q)) {
                staged[place] = x[q];
                if constexpr (kOwnBuffer)
                    staged_values[place] = plain_value(ahead[q % kValueLead]);
            }
            if constexpr (kOwnBuffer) {
                if (q + kValueLead < kItems && holds(q + kValueLead))
                    ahead[q % kValueLead] = values_in[mine.element(q + kValueLead)];
            }
            if constexpr (kAfterKeys)
                places[q / 2] |= place << (16 * (q % 2));
        }

        // 5. the keys of digit d in the tiles before this one, by look-back: where the tile's keys of digit d
        // go in the output, less where they start in the tile
        const std::uint32_t before_tile = present ? digit_look_back<kWindow>(ctx, io.status, tile, d, in_tile) : 0u;
        words[kDigitBase + d] = digit_start + before_tile - tile_start;

        // 6. written out in runs: the tile's keys of one digit go to consecutive places, their values with them
        // barrier: the tile is staged and every digit's place in the output is in shared memory
        ctx.sync(step_tag(kFile, kWrite.phase, __LINE__));
        const auto out = block_output(ctx, ScanIo<T>{io.keys_in, io.keys_out, static_cast<int>(io.n), false});
        const auto values_out =
            block_output(ctx, ScanIo<std::uint32_t>{io.values_in, io.values_out, static_cast<int>(io.n), false});
        const auto digit_words = ctx.template shared<std::uint32_t>(shape.find(kAfterKeys ? BufferId::pong : BufferId::data));
        std::uint32_t four_digits = 0; // after_keys (digit_words too: any buffer serves the others, which never use it)
        const auto write = [&](int k) {
            const std::uint32_t j = i + std::uint32_t(k) * kOnesweepDigits;
            const V key = staged[j];
            const std::uint32_t digit = pass_digit(plain_value(key), io);
            const U base = words[kDigitBase + digit];
            out[plain_value(base) + j] = key;
            if constexpr (kOwnBuffer) {
                const U value = staged_values[j];
                values_out[plain_value(base) + j] = value;
            }
            if constexpr (kAfterKeys)
                four_digits |= digit << (8 * (k % 4));
        };
        // A whole tile (all but the last) tests no key: with a test each key's loads waited on the one
        // before's store (SASS: a branch each), without it they are in flight together.
        const bool whole = count == std::uint32_t(kTile);
        PL_CUDA_PRAGMA(unroll)
        for (int k = 0; k < kItems; ++k) {
            if (whole || i + std::uint32_t(k) * kOnesweepDigits < count)
                write(k);
            if constexpr (kAfterKeys) {
                if (k % 4 == 3 || k == kItems - 1) {
                    digit_words[std::uint32_t(k / 4) * kOnesweepDigits + i] = four_digits;
                    four_digits = 0;
                }
            }
        }
        if constexpr (kAfterKeys)
            write_values_after_keys(ctx, values_in, values_out, mine, places, whole, count);
    }

    // after_keys: the values go where their keys went, through the shared memory the keys were staged in (so
    // that a block needs no more of it than for keys alone): each read from the input, stored at its key's place
    // in the tile, then written out by the thread that wrote the key staged there, to the key's address.
    template <class Ctx, class In, class Out>
    PL_BODY static void write_values_after_keys(Ctx& ctx, const In& values_in,
                                                const Out& values_out, const ThreadTileKeys& mine,
                                                const std::uint32_t (&places)[kPlaceWords], bool whole,
                                                std::uint32_t count) {
        using U = typename Ctx::template value<std::uint32_t>;
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const SharedLayout shape = layout(0);
        const auto words = ctx.template shared<std::uint32_t>(shape.find(BufferId::warp_totals));
        const auto staged_values = ctx.template shared<std::uint32_t>(shape.find(BufferId::data));
        const auto digit_words = ctx.template shared<std::uint32_t>(shape.find(BufferId::pong));
        // Read in two halves, so that the values and the places fit in the registers: the first half's loads
        // are in flight across the barrier, the second's after it.
        constexpr int kHalf = (kItems + 1) / 2;
        U v[kHalf];
        const auto read_half = [&](int first) {
            PL_CUDA_PRAGMA(unroll)
            for (int q = first; q < first + kHalf && q < kItems; ++q)
                if (mine.holds(q))
                    v[q - first] = values_in[mine.element(q)];
        };
        const auto stage_half = [&](int first) {
            PL_CUDA_PRAGMA(unroll)
            for (int q = first; q < first + kHalf && q < kItems; ++q)
                if (mine.holds(q))
                    staged_values[places[q / 2] >> (16 * (q % 2)) & 0xffffu] = v[q - first];
        };
        read_half(0);
        // barrier: every staged key is read out
        ctx.sync(step_tag(kFile, kValuesPhase.phase, __LINE__));
        stage_half(0);
        read_half(kHalf);
        stage_half(kHalf);
        // barrier: every value is staged
        ctx.sync(step_tag(kFile, kValuesPhase.phase, __LINE__, 1));
        PL_CUDA_PRAGMA(unroll)
        for (int w = 0; w < kDigitWords; ++w) {
            const U four_digits = digit_words[std::uint32_t(w) * kOnesweepDigits + i];
            PL_CUDA_PRAGMA(unroll)
            for (int k = 4 * w; k < 4 * w + 4 && k < kItems; ++k) {
                const std::uint32_t j = i + std::uint32_t(k) * kOnesweepDigits;
                if (whole || j < count) {
                    const U base = words[kDigitBase + (plain_value(four_digits) >> (8 * (k % 4)) & 0xffu)];
                    const U value = staged_values[j];
                    values_out[plain_value(base) + j] = value;
                }
            }
        }
    }

    static constexpr PhaseSpec kTake{"onesweep-take", "take a tile, clear the warps' counts", nullptr,
                                     "Thread 0 takes the next tile from the counter; each thread clears its "
                                     "digit's count in every warp."};
    static constexpr PhaseSpec kCount{"onesweep-count", "read the tile's keys, count their digits", nullptr,
                                      "Each warp reads its part of the tile row by row and counts its keys of "
                                      "each digit with shared-memory atomics."};
    static constexpr PhaseSpec kOffsets{"onesweep-publish", "publish the tile's counts", nullptr,
                                        "Thread d adds up digit d's counts over the warps: where each warp's keys "
                                        "of digit d start, and the tile's count, published at once for the later "
                                        "tiles' look-backs."};
    static constexpr PhaseSpec kScanShuffle{"onesweep-tile-starts-shuffle", "scan the tile's counts: shuffle δ={offset}",
                                            nullptr, "Each warp scans its threads' digit counts, shuffle δ={offset}."};
    static constexpr PhaseSpec kTileStarts{"onesweep-tile-starts", "where each digit's keys start in the tile",
                                           nullptr,
                                           "Thread d: the tile's keys of the digits below d, where digit d's keys "
                                           "start in the tile, and so where each warp's keys of digit d go."};
    static constexpr PhaseSpec kRank{"onesweep-rank", "rank the keys, look back", nullptr,
                                     "Each warp ranks its keys row by row: a key's place in the tile. Then thread "
                                     "d looks back over the earlier tiles' counts of digit d."};
    static constexpr PhaseSpec kVote{"onesweep-vote", "row {level}: match the row's digits", nullptr,
                                     "Row {level}: one ballot for each bit of the lanes' digits; a key's place is "
                                     "its warp's place for its digit so far plus its peers below it; the lowest "
                                     "adds the row's to it."};
    static constexpr PhaseSpec kWrite{"onesweep-write", "write the tile out in runs", nullptr,
                                      "Each thread writes every 256th staged key (and its value) to its digit's "
                                      "place: the keys of one digit go to consecutive addresses."};
    static constexpr PhaseSpec kValuesPhase{"onesweep-values", "stage the values where their keys were",
                                            nullptr,
                                            "Each thread reads its keys' values and stores each at its key's place "
                                            "in the tile, then writes every 256th staged value where its key went."};
    static constexpr PhaseSpec kPhases[] = {kTake,       kCount, kOffsets, kScanShuffle,
                                            kTileStarts, kRank,  kVote,    kWrite, kValuesPhase};
};

} // namespace prefixlab
