// What a single-pass grid scan reads and writes in global memory, and the two choices it is run with:
// which driver gives a tile its prefix, and where a block's tile index comes from.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/grid/grid_driver.hpp"
#include "kernels/common/grid_words.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// Which tile a block scans.
//   block_index:    tile = blockIdx.x, the textbook form. A tile then waits for a tile whose block may
//                   not have started; if later tiles hold every resident slot, that block never starts
//                   and the scan deadlocks (CUDA promises no order in which blocks start).
//   atomic_counter: tile = atomicAdd(counter, 1) when the block starts, so tiles are numbered in the
//                   order blocks actually started: every tile a block waits for is held by a block
//                   that is running or done, and the scan always completes.
enum class TileOrder : std::uint8_t { block_index, atomic_counter };

template <class T>
struct GridScanIo {
    const T* input;
    T* output;
    std::size_t n;
    bool exclusive;
    int tile;                    // elements per tile: block threads × the tile body's elements per thread
    GridWords<std::uint64_t> status;       // one word per tile, zero (invalid) before the launch (tile_status.hpp)
    GridWords<std::uint32_t> tile_counter; // one word, zero before the launch; used with TileOrder::atomic_counter
    GridDriver driver; // how a tile learns its prefix: chained or decoupled_look_back
    TileOrder order;
    // The next run's status words and tile counter, which this run clears as it goes (block of tile t:
    // word t; tile 0's block: the counter), so that the next run needs no memset before its launch
    // (kernels/gpu/grid_driver_scan.cuh alternates two sets; docs/tuned-scan.md has what it saves).
    // Empty where the launcher clears before each launch (the emulator, the traced GPU runs).
    GridWords<std::uint64_t> next_status{};
    GridWords<std::uint32_t> next_counter{};
    // Traced runs of a body whose blocks can scan several tiles: whether they do (GridDriverOptions).
    bool loop_over_tiles = false;
};

PL_HOST_DEVICE constexpr std::size_t tiles_for(std::size_t n, int tile) {
    return (n + static_cast<std::size_t>(tile) - 1) / static_cast<std::size_t>(tile);
}

} // namespace prefixlab
