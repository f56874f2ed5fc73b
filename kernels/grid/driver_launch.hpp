// What every launch of a multi-launch driver (scan-then-propagate, reduce-then-scan, two-level, atomic
// global scan) reads and writes, and the small steps they share: a tile's ScanIo, a total read from or
// written to the grid's tile totals, a scanned tile's total read back, a block-wide reduction.
//
// The array a launch works on is a "level": level 0 is the scan's own input and output; a driver's spine
// scans the tile totals in place, so a spine level's array lies inside the tile totals (array_base).
// Every level's tile totals, the two-level partials and the atomic scan's partial sums are parts of ONE
// grid array, `totals` (BufferId::tile_totals), each at its own offset, so that an index in the grid
// recording names one element however many levels there are. Kernels reach it only through the
// context (ctx.global with grid_buffer, ctx.atomic_combine), never through a bare pointer, so the
// emulator records every access.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/warp/warp_lanes.hpp"
#include "kernels/warp/warp_scan.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

template <class T>
struct DriverLaunchIo {
    const T* input = nullptr; // the level's array: the scan's input, or (array_base set) the totals
    T* output = nullptr;      // the scan's output, or the same totals (scanned in place)
    std::size_t n = 0;        // elements of the level
    bool exclusive = false;   // level 0 only; spine levels are inclusive
    int tile = 0;             // elements per tile
    std::size_t tiles = 0;    // tiles_for(n, tile), computed on the host: kernels do not divide
    std::uint32_t array_base = ScanIo<T>::kNotInTotals; // a spine level: its array's offset in totals
    GridWords<T> totals;            // the grid's tile totals (every level's, partials); null: none
    std::uint32_t totals_base = 0;  // where this launch's totals or partials start in `totals`
    std::uint32_t tiles_per_run = 0; // two-level: the consecutive tiles each block owns
};

template <class T>
PL_HOST_DEVICE constexpr std::size_t tiles_of(const DriverLaunchIo<T>& io) {
    return io.tiles;
}

// The ScanIo of `count` elements of the level from element `base` (a tile, or a block's range).
template <class T>
PL_HOST_DEVICE ScanIo<T> span_io(const DriverLaunchIo<T>& io, std::size_t base, std::size_t count) {
    ScanIo<T> span{io.input + base, io.output + base, static_cast<int>(count), io.exclusive};
    if (io.array_base != ScanIo<T>::kNotInTotals)
        span.totals_base = io.array_base + static_cast<std::uint32_t>(base);
    return span;
}

template <class T>
PL_HOST_DEVICE ScanIo<T> tile_io(const DriverLaunchIo<T>& io, std::size_t tile) {
    const std::size_t base = tile * std::size_t(io.tile);
    const std::size_t left = io.n - base;
    return span_io(io, base, left < std::size_t(io.tile) ? left : std::size_t(io.tile));
}

// One element of the grid's totals, read through the context (recorded).
template <class Ctx, class T>
PL_BODY T read_total(Ctx& ctx, const GridWords<T>& totals, std::uint32_t index) {
    const auto words = ctx.template global<T>(totals.data, grid_buffer(totals));
    const typename Ctx::template value<T> value = words[index];
    return plain_value(value);
}

template <class Ctx, class T>
PL_BODY void write_total(Ctx& ctx, const GridWords<T>& totals, std::uint32_t index, T value) {
    const auto words = ctx.template global<T>(totals.data, grid_buffer(totals));
    words[index] = value;
}

// After a block body has scanned `tile` (its outputs combined with its carry, if any): the inclusive
// total up to the tile's last element, in every thread. The barrier makes the body's stores to global
// memory visible to the whole block; the last output is then read back, and for an exclusive scan,
// which stored the prefix before the last element, combined with the last input.
template <class Op, class Ctx>
PL_BODY typename Op::value_type scanned_tile_total(Ctx& ctx, const ScanIo<typename Op::value_type>& tile,
                                                        StepTag step) {
    using T = typename Op::value_type;
    using V = typename Ctx::template value<T>;
    ctx.sync(step); // barrier: every output of the tile is stored
    const auto out = block_output(ctx, tile);
    const V last = out[static_cast<std::uint32_t>(tile.n - 1)];
    T total = plain_value(last);
    if (tile.exclusive) {
        const auto in = block_input(ctx, tile);
        const V x = in[static_cast<std::uint32_t>(tile.n - 1)];
        total = Op::combine(total, plain_value(x));
    }
    return total;
}

// The block's combined `share`s, in thread 0 (identity elsewhere): each warp scans its threads' shares
// with shuffles over its present lanes and its last present lane keeps the warp's total in shared
// memory (32 words, `warp_totals`); after a barrier thread 0 combines them in warp order. Any block
// size: a block of 4, 8 or 16 threads is one partial warp (kernels/warp/warp_lanes.hpp).
template <class Op, class Ctx, class Totals>
PL_BODY typename Op::value_type block_reduce(Ctx& ctx, typename Op::value_type share, const Totals& warp_totals,
                                                  Phase shuffle_phase, StepTag combine_step) {
    using T = typename Op::value_type;
    using V = typename Ctx::template value<T>;
    const int i = ctx.thread_index();
    const int threads = ctx.block_threads();
    const int warp = i / kWarpLanes;
    const auto lane = static_cast<std::uint32_t>(i % kWarpLanes);
    V x = share;
    warp_inclusive_scan<Op>(ctx, x, lane, present_lane_mask(threads, warp), shuffle_phase);
    if (lane == static_cast<std::uint32_t>(last_present_lane(threads, warp)))
        warp_totals[static_cast<std::uint32_t>(warp)] = plain_value(x); // the warp's total
    ctx.sync(combine_step); // barrier: every warp's total is in shared memory
    T total = Op::identity();
    if (i == 0)
        for (int w = 0; w < warps_in(threads); ++w) {
            const V warp_total = warp_totals[static_cast<std::uint32_t>(w)];
            total = Op::combine(total, plain_value(warp_total));
        }
    return total;
}

} // namespace prefixlab
