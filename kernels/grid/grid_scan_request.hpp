// A grid scan as the host asks for it, on the GPU (kernels/gpu/gpu_grid_scan.hpp) or in the
// emulator (app/core/emulator/emulate_grid_scan.hpp): the input as 32-bit patterns, what to scan with,
// the driver (kernels/grid/grid_driver.hpp), where the single-pass drivers' tile indices come from, and
// the tile: which block scan and how many threads.
#pragma once

#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_driver.hpp"
#include "kernels/grid/grid_input.hpp"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/tile_scan_bodies.hpp"
#include "kernels/grid/tile_threads.hpp" // the rule for tile_threads, which the GUI offers

#include <cstdint>
#include <stdexcept>
#include <string>

namespace prefixlab {

struct GridScanRequest : GridInput {
    bool exclusive = false;
    GridDriver driver = GridDriver::decoupled_look_back;
    TileOrder order = TileOrder::atomic_counter; // chained and decoupled_look_back only
    TileScanBody body = TileScanBody::warp_shuffle;
    int tile_threads = 64; // 4, 8, 16 or a multiple of 32 (kernels/grid/tile_threads.hpp)
    // Not a scan: the single-pass compaction (kernels/grid/single_pass_compact.cuh), keeping what `keep`
    // keeps, its tiles of tile_threads × kTracedRegisterItems elements (whole warps) finding their places
    // by decoupled look-back over kept counts. Driver decoupled_look_back and body registers only; op and
    // exclusive do not apply.
    bool compaction = false;
    KeepPredicate keep{};
};

// Throws std::invalid_argument where a compaction asks for what it is not: another driver or body, fewer
// than 32 threads a tile.
inline void require_grid_compaction(const GridScanRequest& request) {
    if (!request.compaction)
        return;
    if (request.driver != GridDriver::decoupled_look_back)
        throw std::invalid_argument("the single-pass compaction finds its tiles' places by decoupled look-back only");
    if (request.body != TileScanBody::registers)
        throw std::invalid_argument("the single-pass compaction holds its tile in registers: body registers only");
    if (request.tile_threads < 32 || request.tile_threads % 32 != 0)
        throw std::invalid_argument("a compaction's tile has whole warps (a ballot a row), not " +
                                    std::to_string(request.tile_threads) + " threads");
}

} // namespace prefixlab
