// A segmented scan's launches (kernels/grid/segmented_scan.cuh), written once for the GPU and the emulator over
// the grid scans' launchers: the status words and the tile counter cleared, then one launch, a tile a block.
#pragma once

#include "kernels/common/grid_words.hpp"
#include "kernels/grid/grid_driver_plan.hpp"
#include "kernels/grid/segmented_scan.cuh"

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace prefixlab {

// Elements a thread and threads a block of the untraced GPU kernel (the table's, 2^28 elements: docs/segmented-scan.md
// has the sweep), and of the emulator's and traced runs, whose small tiles make a few hundred elements many tiles.
inline constexpr int kSegmentedItems = 16;
inline constexpr int kSegmentedThreads = 256;
inline constexpr int kSegmentedTracedItems = 2;
inline constexpr int kSegmentedTracedThreads = 32;

constexpr int segmented_tile(int threads, int items) { return threads * items; }

// The grid words of a segmented scan: a status word a tile, and the tile counter.
struct SegmentedWords {
    GridWords<std::uint64_t> status;
    GridWords<std::uint32_t> tile_counter;
};

// Throws std::invalid_argument for no values, or keys and values of different lengths.
inline void require_segmented_scan(std::size_t keys, std::size_t values) {
    if (values == 0)
        throw std::invalid_argument("a segmented scan needs at least one value");
    if (keys != values)
        throw std::invalid_argument("a segmented scan needs a key for every value");
}

constexpr std::size_t segmented_status_words(std::size_t n, int threads, int items) {
    return tiles_for(n, segmented_tile(threads, items));
}

// output[i] = the sum of values[h … i], h the last head at or before i (a head where keys[h] ≠ keys[h − 1], and
// at 0): inclusive, by Op. n ≥ 1 and threads (SegmentedTileScan::threads_valid) are the caller's to check.
template <int kItems, class Op, class Launcher>
void run_segmented_scan(Launcher& launcher, const std::uint32_t* keys, const typename Op::value_type* values,
                        typename Op::value_type* output, std::size_t n, int threads, const SegmentedWords& words) {
    SegmentedScanIo<typename Op::value_type> io;
    io.keys = keys;
    io.values = values;
    io.output = output;
    io.n = n;
    io.tile = segmented_tile(threads, kItems);
    io.tiles = tiles_for(n, io.tile);
    io.status = words.status;
    io.tile_counter = words.tile_counter;
    launcher.fill(words.status, io.tiles, pack_tile_status(TileStatus::invalid, 0));
    launcher.fill(words.tile_counter, 1, std::uint32_t(0));
    launcher.template launch<SegmentedTileScan<kItems>, Op>(
        DriverLaunch{"scan each segment: a tile a block, look back to the last head", static_cast<std::uint32_t>(io.tiles),
                     threads, io.tile},
        io);
    launcher.phase_done();
}

} // namespace prefixlab
