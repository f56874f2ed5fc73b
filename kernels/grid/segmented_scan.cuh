// Segmented scan across blocks (issue 37): an inclusive scan that starts again at every segment head, as
// cub::DeviceScan::InclusiveScanByKey computes it, written once for the GPU and the emulator.
//
// A head is an element whose key differs from the one before it (element 0 is one), so that the input is
// CUB's: a key array and a value array. The scan combines (flag, value) pairs with the segmented operator
//
//   (f1, v1) ⊕ (f2, v2) = (f1 | f2,  f2 ? v2 : v1 + v2)
//
// which is associative: a run of elements is summarised by whether it holds a head and the sum since its
// last head (or its whole sum). Each tile of threads × kItems elements, one a block, from the tile counter:
//
//   1. each thread takes kItems consecutive keys and values and its heads (a bit mask): untraced, from a whole
//      aligned tile, by 16-byte vectors; otherwise each warp reads its rows (coalesced: row q of warp w is 32
//      consecutive elements) and turns them around in shared memory (a word of padding every 32);
//   2. each thread sums its elements since its last head; each warp scans the threads' pairs (one ballot
//      of the heads, then shuffles that add only where no head lies between), warp 0 the warps' pairs;
//   3. warp 0 publishes the tile and looks back (decoupled_look_back.cuh). The look-back is the scan's,
//      with one change: a tile that holds a head publishes its prefix at once, since nothing before its
//      last head reaches past it. So a later tile's look-back stops at the first tile with a head, and
//      a tile's carry (the sum of the elements before it since the last head) comes from the tiles back to
//      there. With segments of mean length 1000 and tiles of 4096, nearly every tile has a head;
//   4. a thread with a head before it in the tile needs no carry: it scans its elements again and writes them
//      while warp 0 looks back; after a barrier the others add the carry, scan theirs and write them (by
//      vectors, or turned back in shared memory for coalesced stores).
// The untraced kernel (the table's) has 256 × 16 elements a tile; traced runs and the emulator small tiles.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/decoupled_look_back.cuh"
#include "kernels/grid/grid_scan_io.hpp" // TileOrder
#include "kernels/warp/warp_lanes.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

inline constexpr int kSegmentedMaxThreads = 1024;

template <class T>
struct SegmentedScanIo {
    const std::uint32_t* keys = nullptr; // a head where a key differs from the one before it
    const T* values = nullptr;
    T* output = nullptr;
    std::size_t n = 0;
    int tile = 0;                          // threads × kItems
    std::size_t tiles = 0;                 // tiles_for(n, tile)
    GridWords<std::uint64_t> status;       // a word a tile, invalid before the launch
    GridWords<std::uint32_t> tile_counter; // 0 before the launch
    bool loop_over_tiles = false;          // one tile a block
    TileOrder order = TileOrder::atomic_counter;
};

// The segmented operator on a run's summary (whether it holds a head; its sum since its last head).
template <class Op>
PL_HOST_DEVICE constexpr typename Op::value_type segmented_combine(typename Op::value_type before, bool head,
                                                                   typename Op::value_type value) {
    return head ? value : Op::combine(before, value);
}

template <int kItems>
struct SegmentedTileScan {
    static constexpr const char* kSourcePath = "kernels/grid/segmented_scan.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static_assert(kItems >= 1 && kItems <= 32, "a thread's heads are one word's bits");

    // Element e of a tile in the staging buffer: a word of padding every 32, so that a warp's row (32
    // consecutive elements) and a warp's threads' q-th elements (32 elements kItems apart) each fall in 32
    // banks.
    PL_HOST_DEVICE static constexpr std::uint32_t padded(std::uint32_t e) { return e + e / kWarpLanes; }
    // Words: each warp's (head, sum) pair, the tile's index and its carry.
    static constexpr std::uint32_t kHeadSlot = 0, kSumSlot = 32, kTileSlot = 64, kCarrySlot = 65, kWords = 66;
    // The untraced kernel's registers, capped (kernels/gpu/grid_driver_scan.cuh): 4 blocks of 256 threads an SM.
    static constexpr int kMaxRegisters = 64;

    PL_HOST_DEVICE static constexpr SharedLayout layout(int threads) {
        const auto elements = static_cast<std::uint32_t>(threads) * kItems;
        SharedLayout layout;
        layout.add(BufferId::warp_totals, kWords);
        layout.add(BufferId::data, padded(elements));
        return layout;
    }
    PL_HOST_DEVICE static constexpr bool threads_valid(int threads) {
        return threads >= kWarpLanes && threads <= kSegmentedMaxThreads && threads % kWarpLanes == 0;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const SegmentedScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using U = typename Ctx::template value<std::uint32_t>;
        const int threads = ctx.block_threads();
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const std::uint32_t lane = i % kWarpLanes, warp = i / kWarpLanes;
        const auto warps = static_cast<std::uint32_t>(threads / kWarpLanes);
        const SharedLayout shape = layout(threads);
        const auto words = ctx.template shared<std::uint32_t>(shape.find(BufferId::warp_totals));
        const auto sums = ctx.template shared<T>(shape.find(BufferId::warp_totals));
        const auto staged_keys = ctx.template shared<std::uint32_t>(shape.find(BufferId::data));
        const auto staged = ctx.template shared<T>(shape.find(BufferId::data));

        // 0. the tile, from the counter: every earlier tile belongs to a block that has started
        ctx.begin(step_tag(kFile, kTake.phase, __LINE__));
        if (i == 0)
            words[kTileSlot] = ctx.template atomic_combine<AddOp<std::uint32_t>>(io.tile_counter, 0, 1u);
        // barrier: the tile's index is in shared memory
        ctx.sync(step_tag(kFile, kLoad.phase, __LINE__));
        const U taken = words[kTileSlot];
        const std::uint32_t tile = plain_value(taken);
        const std::size_t base = std::size_t(tile) * std::size_t(io.tile);
        const std::size_t left = io.n - base;
        const auto count = static_cast<std::uint32_t>(left < std::size_t(io.tile) ? left : std::size_t(io.tile));
        const bool whole = count == std::uint32_t(io.tile);
        const std::uint32_t rows = warp * kItems * kWarpLanes; // the warp's first element in the tile
        const auto holds = [&](std::uint32_t e) { return whole || e < count; };

        // 1. the thread's elements mine … mine + kItems − 1 (thread (warp, lane): rows + lane · kItems), their
        // heads and values: by 16-byte vectors straight from global memory (direct), or turned around in shared
        // memory (every other run: traced runs, the emulator, a last tile, unaligned arrays)
        const std::uint32_t mine = rows + lane * kItems; // the thread's first element
        const bool first_is_head = base + mine == 0;
        std::uint32_t heads = 0; // bit q: element q of the thread is a head
        T value[kItems];
        const bool direct = direct_vectors<Ctx>(io, whole);
        if (direct)
            load_vectors(io, base + mine, first_is_head, heads, value);
        else
            load_staged<Op>(ctx, io, base, rows, lane, mine, first_is_head, holds, staged_keys, staged, heads, value);

        // 2. the thread's sum since its last head; the warp's scan of the threads' pairs, inclusive
        T sum = Op::identity();
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q)
            sum = segmented_combine<Op>(sum, (heads >> q & 1u) != 0, value[q]);
        const std::uint32_t warp_heads =
            ctx.ballot(heads != 0, 0xffffffffu, step_tag(kFile, kWarpScan.phase, __LINE__, 0, 0u));
        T inclusive = warp_segmented_scan<Op>(ctx, sum, warp_heads, lane, kWarpScan.phase);
        // lane 31 holds the warp's pair
        if (lane == kWarpLanes - 1) {
            words[kHeadSlot + warp] = warp_heads != 0 ? 1u : 0u;
            sums[kSumSlot + warp] = inclusive;
        }
        // barrier: every warp's pair is in shared memory
        ctx.sync(step_tag(kFile, kLookBack.phase, __LINE__));

        // 3. warp 0: the warps' pairs scanned (exclusive, back in shared memory); the tile's status published: its
        // prefix at once where it holds a head (its last segment's sum so far), else its aggregate
        T aggregate = Op::identity();
        bool tile_has_head = false;
        if (warp == 0) {
            const bool present = lane < warps;
            bool warp_head = false;
            T warp_sum = Op::identity();
            if (present) {
                const U h = words[kHeadSlot + lane];
                const V s = sums[kSumSlot + lane];
                warp_head = plain_value(h) != 0;
                warp_sum = plain_value(s);
            }
            const std::uint32_t tile_heads =
                ctx.ballot(warp_head, 0xffffffffu, step_tag(kFile, kLookBack.phase, __LINE__, 0, 0u));
            const T warp_inclusive = warp_segmented_scan<Op>(ctx, warp_sum, tile_heads, lane, kLookBack.phase);
            // the tile's pair: the last warp's inclusive, to lane 0
            const V last = ctx.shfl_down(V(warp_inclusive), int(warps) - 1, 0xffffffffu,
                                         step_tag(kFile, kLookBack.phase, __LINE__, 6, 0u));
            aggregate = plain_value(last);
            tile_has_head = tile_heads != 0;
            // the warps' exclusive pairs: warp w's is lane w − 1's inclusive (warp 0's is no pair)
            const V before = ctx.shfl_up(V(warp_inclusive), 1, 0xffffffffu,
                                         step_tag(kFile, kLookBack.phase, __LINE__, 7, 0u));
            if (present) {
                words[kHeadSlot + lane] = lane > 0 && (tile_heads & lanes_below(int(lane))) != 0 ? 1u : 0u;
                sums[kSumSlot + lane] = lane > 0 ? plain_value(before) : Op::identity();
            }
            if (lane == 0)
                publish_tile_status(ctx, io.status, tile, tile_has_head ? TileStatus::prefix : TileStatus::aggregate,
                                    aggregate);
        }
        // barrier: the warps' exclusive pairs are in shared memory
        ctx.sync(step_tag(kFile, kStore.phase, __LINE__));

        // 4. the thread's prefix in the tile: its warp's, then its lane's. `cut`: a head lies before the thread in
        // the tile, so no carry reaches it, and (direct) it writes its elements while warp 0 looks back: the H200 at
        // 2^28, 256 × 16, with every thread waiting for the look-back, 1.244 ms against CUB's 1.058
        const U warp_cut = words[kHeadSlot + warp];
        const V warp_before = sums[kSumSlot + warp];
        bool cut = plain_value(warp_cut) != 0;
        T prefix = plain_value(warp_before);
        const V lane_inclusive_before = ctx.shfl_up(V(inclusive), 1, 0xffffffffu,
                                                    step_tag(kFile, kStore.phase, __LINE__, 1, 0u));
        if (lane > 0) {
            const bool lane_cut = (warp_heads & lanes_below(int(lane))) != 0;
            prefix = segmented_combine<Op>(prefix, lane_cut, plain_value(lane_inclusive_before));
            cut = cut || lane_cut;
        }
        const bool written = direct && cut && warp != 0;
        if (written) {
            rescan<Op>(prefix, heads, value);
            store_vectors(io, base + mine, value);
        }

        // 5. warp 0 looks back for the carry: the sum of the elements before the tile since the last head
        if (warp == 0) {
            const T carry = decoupled_look_back<Op>(ctx, io.status, tile, aggregate, lane, kWarpLanes,
                                                    kLookBack.phase, true, tile_has_head);
            if (lane == 0)
                sums[kCarrySlot] = carry;
        }
        // barrier: the carry is in shared memory
        ctx.sync(step_tag(kFile, kStore.phase, __LINE__));
        if (written)
            return;
        if (!cut) {
            const V carry = sums[kCarrySlot];
            prefix = Op::combine(plain_value(carry), prefix);
        }
        rescan<Op>(prefix, heads, value);
        if (direct) {
            store_vectors(io, base + mine, value);
            return;
        }
        // turned back: row by row, coalesced
        warp_meets(ctx, kStore.phase, 2); // every lane has read its values before the results overwrite them
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q)
            if (holds(mine + std::uint32_t(q)))
                staged[padded(mine + std::uint32_t(q))] = value[q];
        warp_meets(ctx, kStore.phase, 3); // the warp's results are staged
        const auto out = block_output(ctx, ScanIo<T>{io.values, io.output, static_cast<int>(io.n), false});
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            const std::uint32_t e = rows + std::uint32_t(q) * kWarpLanes + lane;
            if (holds(e)) {
                const V r = staged[padded(e)];
                out[base + e] = r;
            }
        }
    }

    // The thread's elements scanned again from its prefix: each its sum since its last head.
    template <class Op>
    PL_BODY static void rescan(typename Op::value_type prefix, std::uint32_t heads,
                                      typename Op::value_type (&value)[kItems]) {
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            prefix = segmented_combine<Op>(prefix, (heads >> q & 1u) != 0, value[q]);
            value[q] = prefix;
        }
    }

    // Whether a tile goes by 16-byte vectors: untraced on the GPU, a whole tile, kItems a multiple of 4 and every
    // array 16-byte aligned. Turned around in shared memory, a tile took three passes through it (keys, values,
    // results): the H200 at 2^24, 256 × 16, 38.8 M instructions and 105.5 µs against CUB's 16.5 M and 77.8 µs.
    template <class Ctx, class T>
    PL_BODY static bool direct_vectors(const SegmentedScanIo<T>& io, bool whole) {
#if defined(__CUDA_ARCH__)
        if constexpr (!Ctx::traced && kItems % 4 == 0 && sizeof(T) == 4)
            return whole && (reinterpret_cast<std::uintptr_t>(io.keys) | reinterpret_cast<std::uintptr_t>(io.values) |
                             reinterpret_cast<std::uintptr_t>(io.output)) % 16 == 0;
#endif
        (void)io, (void)whole;
        return false;
    }

    // The thread's keys and values from element `first` on, as 16-byte vectors (direct_vectors), and its heads.
    template <class T>
    PL_BODY static void load_vectors(const SegmentedScanIo<T>& io, std::size_t first, bool first_is_head,
                                     std::uint32_t& heads, T (&value)[kItems]) {
#if defined(__CUDA_ARCH__)
        if constexpr (kItems % 4 == 0) {
            const auto* keys = reinterpret_cast<const uint4*>(io.keys + first);
            const auto* values = reinterpret_cast<const uint4*>(io.values + first);
            uint4 key4[kItems / 4], value4[kItems / 4];
            PL_CUDA_PRAGMA(unroll)
            for (int j = 0; j < kItems / 4; ++j) { // every load in flight before the first is used
                key4[j] = keys[j];
                value4[j] = values[j];
            }
            std::uint32_t before = first_is_head ? 0u : io.keys[first - 1];
            PL_CUDA_PRAGMA(unroll)
            for (int q = 0; q < kItems; ++q) {
                const uint4& k = key4[q / 4];
                const uint4& v = value4[q / 4];
                const std::uint32_t key = q % 4 == 0 ? k.x : q % 4 == 1 ? k.y : q % 4 == 2 ? k.z : k.w;
                const std::uint32_t bits = q % 4 == 0 ? v.x : q % 4 == 1 ? v.y : q % 4 == 2 ? v.z : v.w;
                if ((q == 0 && first_is_head) || key != before)
                    heads |= 1u << q;
                before = key;
                value[q] = from_bits<T>(bits);
            }
            return;
        }
#endif
        (void)io, (void)first, (void)first_is_head, (void)heads, (void)value;
    }

    // The thread's results from element `first` on, as 16-byte vectors.
    template <class T>
    PL_BODY static void store_vectors(const SegmentedScanIo<T>& io, std::size_t first, const T (&value)[kItems]) {
#if defined(__CUDA_ARCH__)
        if constexpr (kItems % 4 == 0) {
            auto* out = reinterpret_cast<uint4*>(io.output + first);
            PL_CUDA_PRAGMA(unroll)
            for (int j = 0; j < kItems / 4; ++j)
                out[j] = make_uint4(to_bits(value[4 * j]), to_bits(value[4 * j + 1]), to_bits(value[4 * j + 2]),
                                    to_bits(value[4 * j + 3]));
            return;
        }
#endif
        (void)io, (void)first, (void)value;
    }

    // The thread's elements turned around in shared memory: the warp reads its rows of keys and values (row q of
    // warp w is 32 consecutive elements, coalesced), every load in flight before the first is used, writes them to
    // shared memory by rows and reads back the thread's consecutive ones; its heads on the way.
    template <class Op, class Ctx, class Holds, class Keys, class Staged>
    PL_BODY static void load_staged(Ctx& ctx, const SegmentedScanIo<typename Op::value_type>& io, std::size_t base,
                                    std::uint32_t rows, std::uint32_t lane, std::uint32_t mine, bool first_is_head,
                                    const Holds& holds, const Keys& staged_keys, const Staged& staged,
                                    std::uint32_t& heads, typename Op::value_type (&value)[kItems]) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        using U = typename Ctx::template value<std::uint32_t>;
        const auto keys = block_input(ctx, ScanIo<std::uint32_t>{io.keys, nullptr, static_cast<int>(io.n), false});
        const auto values = block_input(ctx, ScanIo<T>{io.values, nullptr, static_cast<int>(io.n), false});
        std::uint32_t key_row[kItems] = {};
        T value_row[kItems] = {};
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            const std::uint32_t e = rows + std::uint32_t(q) * kWarpLanes + lane;
            if (holds(e)) {
                const U k = keys[base + e];
                const V v = values[base + e];
                key_row[q] = plain_value(k);
                value_row[q] = plain_value(v);
            }
        }
        // the key before the thread's first element: for lane 0 the last of the warp before, or of the tile before
        std::uint32_t key_before = 0;
        if (lane == 0 && !first_is_head && holds(mine)) {
            const U k = keys[base + mine - 1];
            key_before = plain_value(k);
        }
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            const std::uint32_t e = rows + std::uint32_t(q) * kWarpLanes + lane;
            if (holds(e))
                staged_keys[padded(e)] = key_row[q];
        }
        warp_meets(ctx, kLoad.phase, 1); // the warp's keys are staged
        // the heads, key by key: a key compared with the one before it, then kept for the next (no array of
        // them: the H200 at 2^24, 256 × 16 with an array, 98 registers a thread and 2 blocks an SM)
        if (lane != 0 && holds(mine)) {
            const U k = staged_keys[padded(mine - 1)];
            key_before = plain_value(k);
        }
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q)
            if (holds(mine + std::uint32_t(q))) {
                const U k = staged_keys[padded(mine + std::uint32_t(q))];
                if ((q == 0 && first_is_head) || plain_value(k) != key_before)
                    heads |= 1u << q;
                key_before = plain_value(k);
            }
        warp_meets(ctx, kLoad.phase, 2); // every lane has read its keys before the values overwrite them
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            const std::uint32_t e = rows + std::uint32_t(q) * kWarpLanes + lane;
            if (holds(e))
                staged[padded(e)] = value_row[q];
        }
        warp_meets(ctx, kLoad.phase, 3); // the warp's values are staged
        PL_CUDA_PRAGMA(unroll)
        for (int q = 0; q < kItems; ++q) {
            value[q] = Op::identity();
            if (holds(mine + std::uint32_t(q))) {
                const V v = staged[padded(mine + std::uint32_t(q))];
                value[q] = plain_value(v);
            }
        }
    }

    // The warp's lanes meet, so that the shared-memory accesses of each come before those after it in every
    // other: __syncwarp on the GPU. The emulator's sync_warp is nothing, and its lanes meet only at a warp
    // exchange: a lane that starts late (its skewed schedule) or has fewer elements would read a staged
    // element before its lane wrote it. So a ballot first, which the GPU drops (its answer is unused).
    template <class Ctx>
    PL_BODY static void warp_meets(Ctx& ctx, Phase phase, std::uint16_t level) {
        (void)ctx.ballot(true, 0xffffffffu, step_tag(kFile, phase, __LINE__, level, 0u));
        ctx.sync_warp(0xffffffffu);
    }

    // The inclusive segmented scan of a warp's pairs: lane l's `sum` combined with those of the lanes before
    // it back to the nearest one with a head (`heads`, a ballot), itself included. Hillis–Steele by
    // shuffles: in round d a lane adds lane l − d's partial only where no lane of (l − d, l] has a head,
    // since a head there has already cut the segment.
    template <class Op, class Ctx>
    PL_BODY static typename Op::value_type warp_segmented_scan(Ctx& ctx, typename Op::value_type sum,
                                                               std::uint32_t heads, std::uint32_t lane, Phase phase) {
        using V = typename Ctx::template value<typename Op::value_type>;
        std::uint16_t round = 1;
        PL_CUDA_PRAGMA(unroll)
        for (int d = 1; d < kWarpLanes; d *= 2, ++round) {
            const V other = ctx.shfl_up(V(sum), d, 0xffffffffu, step_tag(kFile, phase, __LINE__, round, std::uint32_t(d)));
            // lanes (l − d, l]: those up to l less those up to l − d (2u << 31 is 0: lane 31's mask is all ones)
            const std::uint32_t between =
                lane >= std::uint32_t(d) ? ((2u << lane) - 1u) & ~((2u << (lane - std::uint32_t(d))) - 1u) : 0u;
            if (lane >= std::uint32_t(d) && (heads & between) == 0)
                sum = Op::combine(plain_value(other), sum);
        }
        return sum;
    }

    // --- catalogue entry: declared after run() so that its sync points keep their source lines ---
    static constexpr PhaseSpec kTake{"segmented-take", "take a tile", nullptr,
                                     "Thread 0 takes the next tile from the counter."};
    static constexpr PhaseSpec kLoad{"segmented-load", "read the keys and values, find the heads", nullptr,
                                     "Each warp reads its rows of keys and values and turns them around in "
                                     "shared memory: each thread holds consecutive elements, and marks a head "
                                     "where a key differs from the one before."};
    static constexpr PhaseSpec kWarpScan{"segmented-warp-scan", "segmented warp scan: shuffle δ={offset}", nullptr,
                                         "Each thread sums its elements since its last head; the warp scans the "
                                         "sums, adding lane l − {offset}'s only where no head lies between."};
    static constexpr PhaseSpec kLookBack{"segmented-look-back", "scan the warps, publish, look back", nullptr,
                                         "Warp 0 scans the warps' sums into the tile's; a tile with a head "
                                         "publishes its prefix at once, the others their aggregate, and the "
                                         "look-back stops at the first tile with a head."};
    static constexpr PhaseSpec kStore{"segmented-store", "add the carry, scan again, store", nullptr,
                                      "Each thread adds the carry to its elements before the first head, scans "
                                      "them again, and the warp writes them back row by row."};
    static constexpr PhaseSpec kPhases[] = {kTake, kLoad, kWarpScan, kLookBack, kStore};
};

} // namespace prefixlab
