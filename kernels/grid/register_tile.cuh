// A tile scanned in registers, many elements per thread: the tile body of PrefixLab's tuned scan
// (register_tile_scan.cuh), and a tile body like the block scans for every other driver.
//
// Each thread holds kItems elements (a multiple of 4) in registers, as quads of 4 consecutive elements.
// A warp of L lanes (32, or the 4, 8 or 16 of a block that small) owns L · kItems consecutive elements,
// laid out "warp-striped": its quad row q covers elements q · 4L … (q+1) · 4L - 1, lane l the four from
// q · 4L + 4l. So each load or store of a quad row by the warp touches 4L consecutive elements, one
// 16-byte vector per lane (512 contiguous bytes for 32 lanes: whole 32-byte sectors, no transpose
// through shared memory), and the elements a thread holds are 4L apart, not consecutive.
//
//   1. load: each thread its kItems elements, quad by quad (untraced and whole: 16-byte vector loads);
//   2. each thread scans each quad (3 combines); each warp scans each quad row's quad totals with
//      shuffles (warp_scan.cuh) and one more shuffle gives each lane the row's total before it; the
//      row's last lane stores the row's total in shared memory;
//   3. after a barrier, warp 0 scans the row totals (each lane a few rows, then shuffles) and stores
//      each row's exclusive prefix back, and the block's total (the tile's aggregate) reaches lane 0;
//   4. after a barrier, each element's result is the tile's carry, its row's prefix, its lane's prefix
//      in the row and its quad's scan, combined in array order; stored quad by quad.
// Between 3 and 4 the single-pass scan looks back (register_tile_scan.cuh); as a plain tile body the
// carry comes with the ScanIo (reduce-then-scan's third pass, the two-level scan).
//
// What differs from the traced tiles of the other bodies, and why, is in docs/tuned-scan.md.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/vector_words.cuh"
#include "kernels/warp/warp_lanes.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// The register tile of the traced instantiations (emulator, GPU grid traces): 4 elements per thread,
// one quad, so that a tile of 8 threads is 32 elements and a lecture's grid of 64 elements has 2 tiles.
inline constexpr int kTracedRegisterItems = 4;

template <int kItems>
struct RegisterTile {
    static_assert(kItems >= 4 && kItems % 4 == 0, "elements per thread come in quads of 4");
    static constexpr int kQuads = kItems / 4;
    static constexpr int kElementsPerThread = kItems;
    static constexpr int kMaxN = kMaxBlockThreads * kItems;
    static constexpr const char* kSourcePath = "kernels/grid/register_tile.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    PL_HOST_DEVICE static constexpr int threads_for(int n) { return (n + kItems - 1) / kItems; }
    // Lanes per warp: 32, or all of a block of 4, 8 or 16 threads (tile_threads.hpp allows no other).
    PL_HOST_DEVICE static constexpr int warp_lanes(int threads) { return threads < kWarpLanes ? threads : kWarpLanes; }
    // log2 of warp_lanes(): a power of two, so that untraced kernels shift instead of dividing (tests/ptx).
    PL_HOST_DEVICE static constexpr int warp_lanes_log2(int threads) {
        const int lanes = warp_lanes(threads);
        return lanes >= 32 ? 5 : lanes >= 16 ? 4 : lanes >= 8 ? 3 : 2;
    }
    PL_HOST_DEVICE static constexpr int rows_for(int threads) { return warps_in(threads) * kQuads; }

    // Shared memory: one word per quad row (its total, then its exclusive prefix). `n`: the tile's elements.
    PL_HOST_DEVICE static constexpr SharedLayout layout(int n) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, static_cast<std::uint32_t>(rows_for(threads_for(n))));
        return layout;
    }

    // Element e of quad q of `lane` in `warp`, from the tile's first element.
    PL_HOST_DEVICE static constexpr int element_of(int lanes, int warp, int q, int lane, int e) {
        return warp * lanes * kItems + (q * lanes + lane) * 4 + e;
    }

    // What a thread holds between its local scan (steps 1-2) and the finish (step 4). Plain values, also
    // when traced: a register holding a value combined from many reads has no place in the dataflow,
    // which records two sources per value; the trace follows the loads, shuffles and stores instead.
    template <class T>
    struct Local {
        T items[kItems];      // each quad's inclusive scan
        T lane_prefix[kQuads]; // the quads of the lanes before this one in the row, combined (lane > 0)
    };

    // As a tile body of the other drivers (ScanIo's carry: reduce-then-scan, two-level, …).
    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const ScanIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        const auto rows = ctx.template shared<T>(layout(ctx.block_threads() * kItems).find(BufferId::warp_totals));
        ctx.begin(step_tag(kFile, kLoadQuads.phase, __LINE__));
        Local<T> local;
        scan_locally<Op>(ctx, io, rows, local);
        // barrier: every row's total is in shared memory
        ctx.sync(step_tag(kFile, kScanRows.phase, __LINE__));
        if (ctx.thread_index() < kWarpLanes)
            scan_rows<Op>(ctx, rows);
        // barrier: every row's prefix is in shared memory
        ctx.sync(step_tag(kFile, kStoreQuads.phase, __LINE__));
        finish<Op>(ctx, io, rows, local);
    }

    // Steps 1 and 2.
    template <class Op, class Ctx, class Rows>
    PL_BODY static void scan_locally(Ctx& ctx, const ScanIo<typename Op::value_type>& io, const Rows& rows,
                                     Local<typename Op::value_type>& local, const void* stage = nullptr) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const int i = ctx.thread_index();
        const int lanes = warp_lanes(ctx.block_threads());
        const int warp = i / kWarpLanes;
        const int lane = i % kWarpLanes;
        const std::uint32_t mask = present_lane_mask(ctx.block_threads(), warp);
        load_items<Op>(ctx, io, lanes, warp, lane, local.items, stage);
        PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kQuads; ++q)
            PL_CUDA_PRAGMA(unroll) for (int e = 1; e < 4; ++e)
                local.items[4 * q + e] = Op::combine(local.items[4 * q + e - 1], local.items[4 * q + e]);
        PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kQuads; ++q) {
            V row = local.items[4 * q + 3];
            warp_inclusive_scan<Op>(ctx, row, static_cast<std::uint32_t>(lane), mask, kRowShuffle.phase);
            const V before = ctx.shfl_up(row, 1, mask, step_tag(kFile, kLanePrefix.phase, __LINE__, 1, 1));
            local.lane_prefix[q] = plain_value(before);
            if (lane == lanes - 1)
                rows[static_cast<std::uint32_t>(warp * kQuads + q)] = plain_value(row);
        }
    }

    // The register-tile scan's early aggregate (register_tile_scan.cuh): each thread combines its elements
    // of the tile, each warp its lanes' (a butterfly), and lane 0 stores the warp's total in
    // `totals[first + warp]`. Not in the scan's order: for a float sum the total may differ in the last
    // bits from the one the tile's scan reaches (either is the tile's sum to rounding).
    template <class Op, class Ctx, class Totals>
    PL_BODY static void reduce_to_warp_totals(Ctx& ctx, const ScanIo<typename Op::value_type>& io, const Totals& totals,
                                              std::uint32_t first, const void* stage, Phase phase) {
        using T = typename Op::value_type;
        const int i = ctx.thread_index();
        const int lanes = warp_lanes(ctx.block_threads());
        const int warp = i / kWarpLanes;
        const int lane = i % kWarpLanes;
        T items[kItems];
        load_items<Op>(ctx, io, lanes, warp, lane, items, stage);
        T own = items[0];
        PL_CUDA_PRAGMA(unroll) for (int e = 1; e < kItems; ++e)
            own = Op::combine(own, items[e]);
        const T total = combine_lanes_in_order<Op>(ctx, own, static_cast<std::uint32_t>(lane), lanes,
                                                   present_lane_mask(ctx.block_threads(), warp), phase);
        if (lane == 0)
            totals[first + static_cast<std::uint32_t>(warp)] = total;
    }

    // Every lane's value combined in lane order, in every lane: a butterfly of xor-shuffles, in which the
    // lane of a pair with bit d set holds the later half.
    template <class Op, class Ctx>
    PL_BODY static typename Op::value_type combine_lanes_in_order(Ctx& ctx, typename Op::value_type value,
                                                                  std::uint32_t lane, int lanes, std::uint32_t mask,
                                                                  Phase phase) {
        using V = typename Ctx::template value<typename Op::value_type>;
        std::uint16_t round = 1;
        for (int d = 1; d < lanes; d *= 2, ++round) {
            const V own = value;
            const V other = ctx.shfl_xor(own, d, mask, step_tag(kFile, phase, __LINE__, round, std::uint32_t(d)));
            value = (lane & std::uint32_t(d)) != 0 ? Op::combine(plain_value(other), value)
                                                   : Op::combine(value, plain_value(other));
        }
        return value;
    }

    // Step 3, by the lanes of warp 0: every row's exclusive prefix replaces its total in shared memory.
    // Returns the tile's aggregate (valid in lane 0).
    template <class Op, class Ctx, class Rows>
    PL_BODY static typename Op::value_type scan_rows(Ctx& ctx, const Rows& rows) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const int lanes = warp_lanes(ctx.block_threads());
        const int count = rows_for(ctx.block_threads());
        const int per_lane = (count + lanes - 1) >> warp_lanes_log2(ctx.block_threads());
        const auto lane = static_cast<std::uint32_t>(ctx.thread_index());
        const std::uint32_t mask = present_lane_mask(ctx.block_threads(), 0);
        const int first = static_cast<int>(lane) * per_lane;
        // this lane's rows, combined
        T own = Op::identity();
        for (int r = first; r < first + per_lane && r < count; ++r) {
            const V total = rows[static_cast<std::uint32_t>(r)];
            own = r == first ? plain_value(total) : Op::combine(own, plain_value(total));
        }
        V inclusive = own;
        warp_inclusive_scan<Op>(ctx, inclusive, lane, mask, kRowTotalsShuffle.phase);
        const V before =
            ctx.shfl_up(inclusive, 1, mask, step_tag(kFile, kRowTotalsShuffle.phase, __LINE__, 6, 1));
        // each row's exclusive prefix: the lanes before, then this lane's rows before it
        T running = lane == 0 ? Op::identity() : plain_value(before);
        for (int r = first; r < first + per_lane && r < count; ++r) {
            const V total = rows[static_cast<std::uint32_t>(r)];
            rows[static_cast<std::uint32_t>(r)] = running; // row 0's is never read
            running = r == 0 ? plain_value(total) : Op::combine(running, plain_value(total));
        }
        // the last lane's inclusive value is the tile's aggregate: lane 0 gets it (lanes - 1 = 0 ^ (lanes - 1))
        const V aggregate = ctx.shfl_xor(inclusive, lanes - 1, mask,
                                         step_tag(kFile, kRowTotalsShuffle.phase, __LINE__, 7, std::uint32_t(lanes - 1)));
        return plain_value(aggregate);
    }

    // Step 4: every element combined with what precedes it in the tile (and the carry) and stored.
    template <class Op, class Ctx, class Rows>
    PL_BODY static void finish(Ctx& ctx, const ScanIo<typename Op::value_type>& io, const Rows& rows,
                               const Local<typename Op::value_type>& local) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const int i = ctx.thread_index();
        const int lanes = warp_lanes(ctx.block_threads());
        const int warp = i / kWarpLanes;
        const int lane = i % kWarpLanes;
        T results[kItems];
        PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kQuads; ++q) {
            const int row = warp * kQuads + q;
            // what precedes the quad in the tile, in array order: earlier rows, then earlier lanes of its row
            T before = Op::identity();
            bool any = false;
            if (row > 0) {
                const V rows_before = rows[static_cast<std::uint32_t>(row)];
                before = plain_value(rows_before);
                any = true;
            }
            if (lane > 0) {
                before = any ? Op::combine(before, local.lane_prefix[q]) : local.lane_prefix[q];
                any = true;
            }
            PL_CUDA_PRAGMA(unroll) for (int e = 0; e < 4; ++e) {
                if (!io.exclusive)
                    results[4 * q + e] = any ? Op::combine(before, local.items[4 * q + e]) : local.items[4 * q + e];
                else if (e > 0)
                    results[4 * q + e] =
                        any ? Op::combine(before, local.items[4 * q + e - 1]) : local.items[4 * q + e - 1];
                else
                    results[4 * q + e] = before; // the identity for the tile's first element, as the carry's place
            }
        }
        store_items<Op>(ctx, io, lanes, warp, lane, results);
    }

    // Step 1: the thread's elements; those past the tile's end hold the identity.
    // `stage`: the tile in shared memory (untraced only, whole tiles: tile_stages.cuh), or null.
    template <class Op, class Ctx>
    PL_BODY static void load_items(Ctx& ctx, const ScanIo<typename Op::value_type>& io, int lanes, int warp, int lane,
                                   typename Op::value_type (&items)[kItems], const void* stage = nullptr) {
#if defined(__CUDACC__)
        // Untraced GPU, whole tile: one 16-byte vector per quad (vector_words.cuh says why).
        using T = typename Op::value_type;
        if constexpr (!Ctx::traced)
            if (stage != nullptr) {
                const uint4* quads = static_cast<const uint4*>(stage);
                PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kQuads; ++q) {
                    const uint4 v = quads[element_of(lanes, warp, q, lane, 0) / 4];
                    items[4 * q] = element_from_word<T>(v.x);
                    items[4 * q + 1] = element_from_word<T>(v.y);
                    items[4 * q + 2] = element_from_word<T>(v.z);
                    items[4 * q + 3] = element_from_word<T>(v.w);
                }
                return;
            }
        if constexpr (!Ctx::traced)
            if (io.n == ctx.block_threads() * kItems && quad_aligned(io.input, std::size_t(io.n))) {
                const uint4* quads = reinterpret_cast<const uint4*>(io.input);
                PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kQuads; ++q) {
                    const uint4 v = load_streaming(quads + element_of(lanes, warp, q, lane, 0) / 4);
                    items[4 * q] = element_from_word<T>(v.x);
                    items[4 * q + 1] = element_from_word<T>(v.y);
                    items[4 * q + 2] = element_from_word<T>(v.z);
                    items[4 * q + 3] = element_from_word<T>(v.w);
                }
                return;
            }
#endif
        const auto in = block_input(ctx, io);
        PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kQuads; ++q)
            PL_CUDA_PRAGMA(unroll) for (int e = 0; e < 4; ++e) {
                const int k = element_of(lanes, warp, q, lane, e);
                items[4 * q + e] = Op::identity();
                if (k < io.n) {
                    const typename Ctx::template value<typename Op::value_type> x = in[static_cast<std::uint32_t>(k)];
                    items[4 * q + e] = plain_value(x);
                }
            }
    }

    // Step 4's stores, each combined with the carry (store_output, which also stores the tile's total
    // where a driver keeps one).
    template <class Op, class Ctx>
    PL_BODY static void store_items(Ctx& ctx, const ScanIo<typename Op::value_type>& io, int lanes, int warp, int lane,
                                    const typename Op::value_type (&results)[kItems]) {
#if defined(__CUDACC__)
        using T = typename Op::value_type;
        if constexpr (!Ctx::traced)
            if (io.n == ctx.block_threads() * kItems && io.tile_totals == nullptr &&
                quad_aligned(io.output, std::size_t(io.n))) {
                uint4* quads = reinterpret_cast<uint4*>(io.output);
                PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kQuads; ++q) {
                    T r[4];
                    PL_CUDA_PRAGMA(unroll) for (int e = 0; e < 4; ++e)
                        r[e] = io.has_carry ? Op::combine(io.carry, results[4 * q + e]) : results[4 * q + e];
                    store_streaming(quads + element_of(lanes, warp, q, lane, 0) / 4,
                                    make_uint4(word_from_element(r[0]), word_from_element(r[1]),
                                               word_from_element(r[2]), word_from_element(r[3])));
                }
                return;
            }
#endif
        auto out = block_output(ctx, io);
        PL_CUDA_PRAGMA(unroll) for (int q = 0; q < kQuads; ++q)
            PL_CUDA_PRAGMA(unroll) for (int e = 0; e < 4; ++e) {
                const int k = element_of(lanes, warp, q, lane, e);
                if (k < io.n)
                    store_output<Op>(io, out, k, results[4 * q + e]);
            }
    }

    // --- catalogue entry: declared after the code so that its sync points keep their source lines ---
    static constexpr PhaseSpec kLoadQuads{"load-quads", "load quads and scan them", nullptr,
                                          "Each thread loads its elements four at a time and scans each quad."};
    static constexpr PhaseSpec kRowShuffle{"row-shuffle", "scan quad rows: shuffle δ={offset}", nullptr,
                                           "Each warp scans the totals of a row of quads, shuffle δ={offset}."};
    static constexpr PhaseSpec kLanePrefix{"lane-prefix", "each lane takes the row before it", nullptr,
                                           "One more shuffle gives each lane the total of the quads before its "
                                           "own in the row; the row's last lane stores the row's total."};
    static constexpr PhaseSpec kScanRows{"scan-rows", "warp 0 scans the row totals", nullptr,
                                         "After the barrier, warp 0 reads the rows' totals and stores each row's "
                                         "prefix: {reads}."};
    static constexpr PhaseSpec kRowTotalsShuffle{"row-totals-shuffle", "scan row totals: shuffle δ={offset}",
                                                 nullptr, "Warp 0 scans the rows' totals, shuffle δ={offset}."};
    static constexpr PhaseSpec kStoreQuads{"store-quads", "combine and store", nullptr,
                                           "Each element is combined with the rows and lanes before it and "
                                           "stored, four at a time."};
    static constexpr PhaseSpec kPhases[] = {kLoadQuads, kRowShuffle, kLanePrefix, kScanRows, kRowTotalsShuffle,
                                            kStoreQuads};
    static constexpr const char* kHelperSourcePaths[] = {kWarpScanSourcePath};
};

} // namespace prefixlab
