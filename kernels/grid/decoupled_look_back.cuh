// Decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back",
// NVIDIA 2016): the single-pass scan CUB uses.
//
// The chained scan makes tile t wait for tile t-1's inclusive prefix, which waits for t-2's, and so on:
// a serial chain through the whole array. Decoupled look-back breaks the chain by publishing twice:
//
//   1. As soon as tile t knows its own total (its aggregate), it publishes it: status "aggregate".
//   2. It then looks back over t-1, t-2, … reading each predecessor's status word:
//        invalid    the predecessor has not even reduced its tile yet: wait and poll the same word again;
//        aggregate  combine its aggregate into the running exclusive prefix and step one tile further back;
//        prefix     combine its inclusive prefix and stop: everything before it is included.
//   3. It publishes its inclusive prefix (the exclusive prefix combined with its aggregate): status
//      "prefix", so that later tiles can stop here.
//
// A tile waits only while a predecessor has published nothing, which is short (one tile's reduction),
// and no tile needs its predecessor's prefix to exist: aggregates published by tiles still looking
// back are enough to move on. In practice a tile stops a few tiles back, where some earlier tile's
// prefix already is. Tile 0 has no predecessor and publishes its prefix at once.
//
// The look-back reads a WINDOW of predecessors at once, one per lane of the block's first warp (CUB's
// warp-wide look-back, §4.4 of the paper): lane l polls tile w - l of the window that ends at w. Each
// poll is a round trip to L2; read one after another, a look-back 9.5 tiles deep (the mean measured on
// the H100 at 2^28 with 2048-element tiles, one thread reading) costs nine or ten round trips, a window
// one. The window waits until none of its words is invalid, also words past the nearest prefix (CUB's
// does the same): with tiles from the atomic counter every one of them belongs to a block that started. Then, with ballots, every lane learns the same two facts: whether any
// lane saw "invalid" (all poll again, those lanes only re-reading), and which is the nearest lane that
// saw "prefix". The window's values up to that lane are combined in array order by a butterfly of
// xor-shuffles, and the look-back ends there, or goes on with the next window further back.
//
// Operators are combined in array order (older tiles first), so the protocol needs the operator to be
// associative only, not commutative. Where the look-back stops depends on timing, so a float sum's
// rounding, unlike an integer's result, can differ from run to run in the last bits.
//
// The same function runs traced (the emulator, the GPU's grid traces, with small tiles) and untraced
// (the tuned scan, kernels/grid/register_tile_scan.cuh): the look-back timeline shows this code.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/grid/publish_tile_status.cuh"
#include "kernels/grid/tile_status.hpp"

#include <bit>
#include <cstdint>

namespace prefixlab {

inline constexpr const char* kLookBackSourcePath = "kernels/grid/decoupled_look_back.cuh";
inline constexpr KernelFile kLookBackFile = kernel_file_at(kLookBackSourcePath);

// The lowest lane whose bit is set in a ballot (the ballot is not 0): one instruction on the GPU.
PL_HOST_DEVICE inline int lowest_lane(std::uint32_t ballot) {
#if defined(__CUDA_ARCH__)
    return __ffs(ballot) - 1;
#else
    return std::countr_zero(ballot);
#endif
}

// Every lane's `value` combined in array order, in every lane: lane `lanes` - 1 holds the oldest
// tile's value, lane 0 the newest. A butterfly: in round d each lane exchanges with lane ^ d, and the
// lane of the pair with bit d set holds the older half, so it goes first. `lanes` is a power of two.
template <class Op, class Ctx>
PL_BODY typename Op::value_type combine_window(Ctx& ctx, typename Op::value_type value, std::uint32_t lane,
                                               int lanes, std::uint32_t mask, Phase phase) {
    using V = typename Ctx::template value<typename Op::value_type>;
    std::uint16_t round = 1;
    for (int d = 1; d < lanes; d *= 2, ++round) {
        const V own = value;
        const V other = ctx.shfl_xor(own, d, mask, step_tag(kLookBackFile, phase, __LINE__, round, std::uint32_t(d)));
        value = (lane & std::uint32_t(d)) != 0 ? Op::combine(value, plain_value(other))
                                               : Op::combine(plain_value(other), value);
    }
    return value;
}

// Called by every lane of the block's first warp (`lanes` of them: 32, or 4, 8 or 16 in a block that
// small), `aggregate` valid in lane 0. Publishes the tile's aggregate (unless `aggregate_published`: the
// register-tile scan publishes it a tile early, register_tile_scan.cuh), looks back, publishes its
// inclusive prefix, and returns the tile's exclusive prefix in every lane. `prefix_published`: the tile's
// word already says prefix (a segmented scan's tile that holds a head, segmented_scan.cuh), so it
// publishes nothing and only looks back. `phase` tags the ballots and
// shuffles, which open steps like any warp operation.
template <class Op, class Ctx>
PL_BODY typename Op::value_type decoupled_look_back(Ctx& ctx, GridWords<std::uint64_t> status, std::uint32_t tile,
                                                    typename Op::value_type aggregate, std::uint32_t lane, int lanes,
                                                    Phase phase, bool aggregate_published = false,
                                                    bool prefix_published = false) {
    using T = typename Op::value_type;
    if (tile == 0) {
        if (lane == 0 && !prefix_published)
            publish_tile_status(ctx, status, tile, TileStatus::prefix, aggregate);
        return Op::identity();
    }
    if (lane == 0 && !aggregate_published && !prefix_published)
        publish_tile_status(ctx, status, tile, TileStatus::aggregate, aggregate); // 1.

    const std::uint32_t mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
    T exclusive = Op::identity();
    bool combined = false; // whether `exclusive` holds a window's value yet (the identity is not combined in)
    std::uint16_t window = 1;
    for (std::uint32_t newest = tile - 1;; newest -= std::uint32_t(lanes), ++window) { // 2.
        // Lanes past tile 0 read nothing; the lane at tile 0 always finds a prefix before them.
        const bool exists = lane <= newest;
        const std::uint32_t predecessor = exists ? newest - lane : 0;
        std::uint64_t word = exists ? ctx.load_status(status, predecessor)
                                    : pack_tile_status(TileStatus::prefix, to_bits(Op::identity()));
        TileWait wait{tile, predecessor, TileStatus::aggregate, 0};
        while (ctx.ballot(status_of(word) == TileStatus::invalid, mask,
                          step_tag(kLookBackFile, phase, __LINE__, window)) != 0) {
            if (status_of(word) == TileStatus::invalid) {
                ctx.spin_wait(wait);
                ++wait.polls;
                word = ctx.load_status(status, predecessor);
            }
        }
        const std::uint32_t prefixes =
            ctx.ballot(status_of(word) == TileStatus::prefix, mask, step_tag(kLookBackFile, phase, __LINE__, window));
        const int stop = prefixes != 0 ? lowest_lane(prefixes) : lanes - 1;
        const T value = int(lane) <= stop ? from_bits<T>(value_bits_of(word)) : Op::identity();
        const T window_value = combine_window<Op>(ctx, value, lane, lanes, mask, phase);
        exclusive = combined ? Op::combine(window_value, exclusive) : window_value;
        combined = true;
        if (prefixes != 0)
            break;
    }
    if (lane == 0 && !prefix_published)
        publish_tile_status(ctx, status, tile, TileStatus::prefix, Op::combine(exclusive, aggregate)); // 3.
    return exclusive;
}

} // namespace prefixlab
