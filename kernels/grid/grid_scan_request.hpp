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

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace prefixlab {

// Not a scan: a radix sort across blocks (issue 36), whose grid trace shows the passes' launches and, for
// Onesweep, its look-backs over digit counts. The textbook's passes scan the tiles' digit counts reduce then
// scan (kernels/grid/grid_sort_plan.hpp); Onesweep's tiles find theirs by decoupled look-back
// (onesweep_sort_plan.hpp).
enum class GridSortForm : std::uint8_t { none, textbook, onesweep };

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
    // Not a scan: the sort of the input as keys of `type` (GridSortForm); tile_threads are the textbook's
    // block (a multiple of 32), Onesweep's 256; driver reduce_then_scan (textbook) or decoupled_look_back
    // (Onesweep), which is what each does with its digit counts; op and exclusive do not apply.
    GridSortForm sort = GridSortForm::none;
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

// Makes the request a sort of `form` (none: a scan again) with the driver it has, not a compaction, and a
// block it is built for: Onesweep's 256 threads, the textbook's whole warps (the threads rounded down to 32
// at least). What the CLI, the Grid scan section and the script's sort= set alike.
inline void make_grid_sort(GridScanRequest& request, GridSortForm form) {
    request.sort = form;
    if (form == GridSortForm::none)
        return;
    request.compaction = false;
    request.driver = form == GridSortForm::onesweep ? GridDriver::decoupled_look_back : GridDriver::reduce_then_scan;
    request.tile_threads = form == GridSortForm::onesweep ? 256
                                                         : std::max(32, std::min(1024, request.tile_threads / 32 * 32));
}

// Throws std::invalid_argument where a sort asks for what it is not: a compaction too, the other driver, a
// block Onesweep or the textbook is not built for.
inline void require_grid_sort(const GridScanRequest& request) {
    if (request.sort == GridSortForm::none)
        return;
    if (request.compaction)
        throw std::invalid_argument("a grid trace is of a sort or of a compaction, not both");
    const bool onesweep = request.sort == GridSortForm::onesweep;
    if (request.driver != (onesweep ? GridDriver::decoupled_look_back : GridDriver::reduce_then_scan))
        throw std::invalid_argument(onesweep ? "Onesweep finds its tiles' places by decoupled look-back only"
                                             : "the textbook sort scans its tiles' digit counts reduce then scan only");
    if (onesweep ? request.tile_threads != 256
                 : request.tile_threads < 32 || request.tile_threads > 1024 || request.tile_threads % 32 != 0)
        throw std::invalid_argument((onesweep ? std::string("Onesweep's blocks have 256 threads, a thread a digit")
                                              : std::string("the textbook sort's blocks have a multiple of 32 threads "
                                                            "from 32 to 1024")) +
                                    ", not " + std::to_string(request.tile_threads));
}

} // namespace prefixlab
