// A multi-block stream compaction or split (issue 15), written once for the GPU and the emulator over
// the grid scans' launchers (kernels/grid/grid_driver_plan.hpp lists what a launcher provides):
//
//   launch 1 "count"    block b counts the kept elements of tile b (CountKeptTiles): reads N
//   spine               the counts scanned in place, inclusive, by reduce-then-scan around the
//                       warp-shuffle scan (the grid scans' own spine, on 32-bit counts whatever the
//                       element type, so a float array of 2^28 counts exactly)
//   launch 3 "scatter"  block b ranks its kept elements after counts[b − 1] and writes them, a split
//                       also the others after all of them (ScatterKeptTiles): reads N, writes the kept
//                       elements (a split: N)
//
// It is the lecture's map-scan-scatter with the scan over tiles, not elements: 2N reads where CUB's
// single-pass DeviceSelect reads N once, the price of two simple launches around a scan PrefixLab
// already has. The kept count is counts[tiles − 1] when it returns.
#pragma once

#include "kernels/block/warp_shuffle_scan.cuh"
#include "kernels/common/grid_words.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/grid/compact_tiles.cuh"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/grid_driver_plan.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// A compaction's blocks: whole warps (a ballot a row names all 32 lanes), 32 to 1024 threads.
constexpr bool compact_threads_valid(int threads) {
    return threads >= 32 && threads <= 1024 && threads % 32 == 0;
}

constexpr int compact_tile(int threads) { return threads * kCompactItems; }

// The spine's tile: the warp-shuffle scan's at the same block size.
constexpr int compact_spine_tile(int threads) { return threads * WarpShuffleScan::kElementsPerThread; }

// Words of `counts` a compaction of n elements (n ≥ 1) needs: the tiles' counts and their scan's spine.
constexpr std::size_t grid_compact_counts(std::size_t n, int threads) {
    const std::size_t tiles = tiles_for(n, compact_tile(threads));
    return tiles + spine_totals(tiles, compact_spine_tile(threads));
}

// Where the kept count is in `counts` when run_grid_compact returns.
constexpr std::size_t grid_compact_kept_index(std::size_t n, int threads) {
    return tiles_for(n, compact_tile(threads)) - 1;
}

// Compacts (split: partitions) input[0, n) into output with `threads`-thread blocks, keeping what `keep`
// keeps; Op is the element
// type's AddOp (only its value type matters). compact_threads_valid(threads) and n ≥ 1 are the caller's
// to check.
template <class Op, class Launcher>
void run_grid_compact(Launcher& launcher, bool split, const KeepPredicate& keep, int threads, const typename Op::value_type* input,
                      typename Op::value_type* output, std::size_t n, GridWords<std::uint32_t> counts) {
    CompactLaunchIo<typename Op::value_type> io;
    io.input = input;
    io.output = output;
    io.n = n;
    io.tile = compact_tile(threads);
    io.tiles = tiles_for(n, io.tile);
    io.counts = counts;
    io.split = split;
    io.keep = keep;
    const auto blocks = static_cast<std::uint32_t>(io.tiles);
    launcher.template launch<CountKeptTiles, Op>(DriverLaunch{"count each tile's kept elements", blocks, threads, io.tile},
                                                 io);
    launcher.phase_done();
    // counts[b] becomes the kept elements up to the end of tile b
    DriverLaunchIo<std::uint32_t> spine;
    spine.input = counts.data;
    spine.output = counts.data;
    spine.n = io.tiles;
    spine.tile = compact_spine_tile(threads);
    spine.tiles = tiles_for(spine.n, spine.tile);
    spine.array_base = 0;
    spine.totals = counts;
    spine.totals_base = static_cast<std::uint32_t>(io.tiles);
    driver_plan::reduce_then_scan<WarpShuffleScan, AddOp<std::uint32_t>>(launcher, spine, threads, 1);
    launcher.template launch<ScatterKeptTiles, Op>(
        DriverLaunch{split ? "scatter: kept first, the others after" : "scatter the kept elements", blocks, threads,
                     io.tile},
        io);
    launcher.phase_done();
}

} // namespace prefixlab
