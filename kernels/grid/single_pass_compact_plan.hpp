// The single-pass compaction or split (kernels/grid/single_pass_compact.cuh) as one launch, written once
// for the GPU and the emulator over the grid scans' launchers: the status words and the tile counter
// cleared (unless the run before cleared them), then one kernel whose tiles find their places by
// decoupled look-back over kept counts. The kept count is in `words.kept_total` when it returns.
#pragma once

#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/single_pass_compact.cuh"
#include "kernels/grid/tile_status.hpp"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

// What a single-pass compaction needs besides its arrays: a status word a tile, the tile counter and the
// word for the kept count; and, as the scans have (GridDriverWorkspace), whether the status words and
// the counter are zero already (cleared by the run before), and another set for the blocks to clear for
// the next run (GridScanIo::next_status), so that no fill precedes the launch.
struct SinglePassCompactWords {
    GridWords<std::uint64_t> status;      // at least tiles_for(n, tile) words
    GridWords<std::uint32_t> counter;     // one word
    GridWords<std::uint32_t> kept_total;  // one word
    bool cleared = false;                 // status [0, tiles) and the counter are zero: no fill
    GridWords<std::uint64_t> next_status{}; // cleared as each tile is done (none: count 0)
    GridWords<std::uint32_t> next_counter{};
};

// How a single-pass compaction is run besides its arrays.
struct SinglePassCompactOptions {
    int threads = 256;
    KeepPredicate keep{};
    TileOrder order = TileOrder::atomic_counter;
    bool loop_over_tiles = false; // traced runs: whether blocks take several tiles (GridScanIo::loop_over_tiles)
};

// Compacts input[0, n) into output (n ≥ 1), and where `rejected` is not null writes the rejected elements
// there in order (a split). Kernel::threads_valid(options.threads) is the caller's to check.
template <class Kernel, class Op, class Launcher>
void run_single_pass_compact(Launcher& launcher, const SinglePassCompactOptions& options,
                             const typename Op::value_type* input, typename Op::value_type* output,
                             typename Op::value_type* rejected, std::size_t n, const SinglePassCompactWords& words) {
    using T = typename Op::value_type;
    const int tile = Kernel::tile_elements(options.threads);
    const std::size_t tiles = tiles_for(n, tile);
    if (!words.cleared) {
        launcher.fill(words.status, tiles, pack_tile_status(TileStatus::invalid, 0));
        launcher.fill(words.counter, 1, std::uint32_t(0));
    }
    SinglePassCompactIo<T> io{};
    io.input = input;
    io.output = output;
    io.n = n;
    io.exclusive = false;
    io.tile = tile;
    io.status = {words.status.data, BufferId::tile_status, static_cast<std::uint32_t>(tiles)};
    io.tile_counter = {words.counter.data, BufferId::tile_counter, 1};
    io.driver = GridDriver::decoupled_look_back;
    io.order = options.order;
    io.loop_over_tiles = options.loop_over_tiles;
    io.next_status = words.next_status;
    io.next_counter = words.next_counter;
    io.rejected = rejected;
    io.keep = options.keep;
    io.kept_total = words.kept_total;
    launcher.template launch<Kernel, Op>(
        DriverLaunch{rejected != nullptr ? "single-pass split" : "single-pass compaction",
                     static_cast<std::uint32_t>(tiles), options.threads, tile},
        io);
    launcher.phase_done();
}

} // namespace prefixlab
