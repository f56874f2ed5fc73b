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
// Operators are combined in array order (predecessor ⊕ running prefix), so the protocol needs the
// operator to be associative only, not commutative.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/grid/publish_tile_status.cuh"
#include "kernels/grid/tile_status.hpp"

#include <cstdint>

namespace prefixlab {

// Called by one thread of the tile. Returns the exclusive prefix of `tile` after publishing the tile's
// aggregate and then its inclusive prefix.
template <class Op, class Ctx>
PL_BODY typename Op::value_type decoupled_look_back(Ctx& ctx, GridWords<std::uint64_t> status, std::uint32_t tile,
                                                    typename Op::value_type aggregate) {
    using T = typename Op::value_type;
    if (tile == 0) {
        publish_tile_status(ctx, status, tile, TileStatus::prefix, aggregate);
        return Op::identity();
    }
    publish_tile_status(ctx, status, tile, TileStatus::aggregate, aggregate); // 1.

    T exclusive = Op::identity();
    for (std::uint32_t predecessor = tile - 1;; --predecessor) { // 2. ends at the latest at tile 0
        TileWait wait{tile, predecessor, TileStatus::aggregate, 0};
        std::uint64_t word = ctx.load_acquire(status, predecessor);
        while (status_of(word) == TileStatus::invalid) {
            ctx.spin_wait(wait);
            ++wait.polls;
            word = ctx.load_acquire(status, predecessor);
        }
        exclusive = Op::combine(from_bits<T>(value_bits_of(word)), exclusive);
        if (status_of(word) == TileStatus::prefix)
            break;
    }
    publish_tile_status(ctx, status, tile, TileStatus::prefix, Op::combine(exclusive, aggregate)); // 3.
    return exclusive;
}

} // namespace prefixlab
