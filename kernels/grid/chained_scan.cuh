// Chained scan (Yan, Long & Zhang 2013, "StreamScan"): the simplest single-pass scan.
//
// Every tile first reduces its own elements to one total, its aggregate, with no one to wait for. Then
// the tiles hand a running prefix down the chain: tile t waits until tile t-1 has published its
// inclusive prefix (everything up to the end of tile t-1), combines it with its own aggregate, and
// publishes the result as its own inclusive prefix, for tile t+1. The array is read once and written
// once, but the hand-over is serial: N / tile hops, each a round trip through L2, one after the other.
// Decoupled look-back (decoupled_look_back.cuh) shortens that chain.
//
// The wait is a spin: poll the predecessor's status word until it says "prefix". That is only safe if
// the predecessor's block is running or will run. With tile = blockIdx.x it may not be: if the blocks
// of later tiles occupy every slot on the GPU and spin, the block of the awaited tile never starts,
// and the kernel hangs. Taking tile indices from an atomic counter (grid_scan_io.hpp, TileOrder) gives
// every tile a predecessor whose block has already started.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/grid/publish_tile_status.cuh"
#include "kernels/grid/tile_status.hpp"

#include <cstdint>

namespace prefixlab {

// Called by one thread of the tile. Returns the exclusive prefix of `tile` (the combined value of every
// tile before it) after publishing the tile's inclusive prefix.
template <class Op, class Ctx>
PL_BODY typename Op::value_type chained_scan_prefix(Ctx& ctx, GridWords<std::uint64_t> status, std::uint32_t tile,
                                                    typename Op::value_type aggregate) {
    using T = typename Op::value_type;
    T exclusive = Op::identity();
    if (tile > 0) {
        TileWait wait{tile, tile - 1, TileStatus::prefix, 0};
        for (;;) {
            // the prefix travels in the word itself (tile_status.hpp)
            const std::uint64_t word = ctx.load_status(status, tile - 1);
            if (status_of(word) == TileStatus::prefix) {
                exclusive = from_bits<T>(value_bits_of(word));
                break;
            }
            ctx.spin_wait(wait);
            ++wait.polls;
        }
    }
    publish_tile_status(ctx, status, tile, TileStatus::prefix,
                        tile > 0 ? Op::combine(exclusive, aggregate) : aggregate);
    return exclusive;
}

} // namespace prefixlab
