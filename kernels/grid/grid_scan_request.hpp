// A grid scan as the host asks for it, on the GPU (kernels/gpu/gpu_grid_scan.hpp) or in the
// emulator (app/core/emulator/emulate_grid_scan.hpp): the input as 32-bit patterns, what to scan with,
// the driver (kernels/grid/grid_driver.hpp), where the single-pass drivers' tile indices come from, and
// the tile: which block scan and how many threads.
#pragma once

#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_driver.hpp"
#include "kernels/grid/grid_input.hpp"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/tile_scan_bodies.hpp"
#include "kernels/grid/tile_threads.hpp" // the rule for tile_threads, which the GUI offers

#include <cstdint>

namespace prefixlab {

struct GridScanRequest : GridInput {
    bool exclusive = false;
    GridDriver driver = GridDriver::decoupled_look_back;
    TileOrder order = TileOrder::atomic_counter; // chained and decoupled_look_back only
    TileScanBody body = TileScanBody::warp_shuffle;
    int tile_threads = 64; // 4, 8, 16 or a multiple of 32 (kernels/grid/tile_threads.hpp)
};

} // namespace prefixlab
