// A single-pass grid scan as the host asks for it, on the GPU (kernels/gpu_bench/gpu_grid_scan.hpp) or
// in the emulator (app/core/emulator/emulate_grid_scan.hpp): the input as 32-bit patterns, what to scan
// with, the protocol, where tile indices come from, and the tile: which block scan and how many threads.
#pragma once

#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/tile_scan_bodies.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct GridScanRequest {
    std::vector<std::uint32_t> input;
    ElementType type = ElementType::uint32;
    ScanOperator op = ScanOperator::add;
    bool exclusive = false;
    GridProtocol protocol = GridProtocol::decoupled_look_back;
    TileOrder order = TileOrder::atomic_counter;
    TileScanBody body = TileScanBody::warp_shuffle;
    int tile_threads = 64; // a multiple of 32 (SinglePassScan::threads_valid)
};

} // namespace prefixlab
