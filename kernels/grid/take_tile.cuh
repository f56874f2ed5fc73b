// Step 1 of every single-pass scan: which tile a block scans (grid_scan_io.hpp, TileOrder, says why the
// tile counter never deadlocks and blockIdx.x can). Shared by the scans around a block body
// (single_pass_scan.cuh) and the register-tile scan (register_tile_scan.cuh).
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/phase_spec.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/grid_scan_io.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// The step in which a block takes its tile, in every single-pass kernel.
inline constexpr PhaseSpec kTakeTilePhase{"take-tile", "take a tile", nullptr,
                                          "Thread 0 takes the block's tile: its block index, or the next value "
                                          "of the tile counter."};

// Thread 0 takes the tile and hands it to the block through `words[slot]` (shared memory) across the
// barrier `next`, which this opens; returns the tile in every thread.
template <class Ctx, class T, class Words>
PL_BODY std::uint32_t take_tile(Ctx& ctx, const GridScanIo<T>& io, const Words& words, std::uint32_t slot,
                                StepTag next) {
    using Index = typename Ctx::template value<std::uint32_t>;
    if (ctx.thread_index() == 0)
        words[slot] = io.order == TileOrder::atomic_counter
                          ? ctx.template atomic_combine<AddOp<std::uint32_t>>(io.tile_counter, 0, 1u)
                          : static_cast<std::uint32_t>(ctx.block_index());
    // barrier: the tile index is in shared memory
    ctx.sync(next);
    const Index taken = words[slot];
    return plain_value(taken);
}

// One more tile for a block that scans several (register_tile_scan.cuh), by one thread: the next value of
// the tile counter; with TileOrder::block_index a block scans its own tile only, so its first claim is
// its block index and any later one `none` (a value past every tile).
template <class Ctx, class T>
PL_BODY std::uint32_t claim_tile(Ctx& ctx, const GridScanIo<T>& io, bool first, std::uint32_t none) {
    if (io.order == TileOrder::atomic_counter)
        return ctx.template atomic_combine<AddOp<std::uint32_t>>(io.tile_counter, 0, 1u);
    return first ? static_cast<std::uint32_t>(ctx.block_index()) : none;
}

// What a block does for the next run once its tile is done (GridScanIo::next_status): clears the next
// run's status word of the same tile, and tile 0's block the next run's counter. Called by one thread.
template <class Ctx, class T>
PL_BODY void clear_for_next_run(Ctx& ctx, const GridScanIo<T>& io, std::uint32_t tile) {
    if (tile < io.next_status.count)
        ctx.store_status(io.next_status, tile, std::uint64_t(0));
    if (tile == 0 && io.next_counter.count != 0)
        ctx.global(io.next_counter.data, grid_buffer(io.next_counter))[0] = std::uint32_t(0);
}

// The elements of tile `tile` (the last one may be short), as the tile body's ScanIo, without a carry yet.
template <class T>
PL_HOST_DEVICE ScanIo<T> single_pass_tile_io(const GridScanIo<T>& io, std::uint32_t tile) {
    const std::size_t base = std::size_t(tile) * std::size_t(io.tile);
    const std::size_t left = io.n - base;
    const int count = static_cast<int>(left < std::size_t(io.tile) ? left : std::size_t(io.tile));
    return ScanIo<T>{io.input + base, io.output + base, count, io.exclusive};
}

} // namespace prefixlab
