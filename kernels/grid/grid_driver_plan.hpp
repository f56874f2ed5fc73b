// The sequence of launches of every grid driver (grid_driver.hpp), written once for the GPU and the
// emulator: a host-side plan over a "launcher" that runs one launch of a kernel body on a grid. The GPU's
// launcher (kernels/gpu/grid_driver_scan.cuh) makes it a <<<blocks, threads>>> launch of a generic
// __global__ wrapper around the body; the emulator's (app/core/emulator/emulate_grid_scan.cpp) one
// EmulatedGrid run per launch, each appended to one GridRecording with its name. A launcher provides
//
//   template <class Launch, class Op, class Io> void launch(const DriverLaunch& shape, const Io& io);
//   template <class W> void fill(GridWords<W> words, std::size_t count, W value);  // before a launch
//   void phase_done();  // the end of one of the outermost level's phases (the benchmark's timer)
//
// The spine of scan-then-propagate and reduce-then-scan (the scan of the tile totals) is the same
// driver again on the totals, recursively, as long as they are more than one tile: a level per factor
// of `tile` (with 1024-element tiles, two levels up to 2^20 elements, three up to 2^30). Recursion
// keeps every launch fully parallel; one block looping over the totals would be simpler but serial
// over N / tile² chunks, 256 of them at 2^28 elements, each a block-wide scan. Every level's totals
// are parts of one grid array (driver_launch.hpp). Two-level's spine is one block (B ≤ one tile).
#pragma once

#include "kernels/common/scan_io.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/grid/atomic_global_scan.cuh"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/grid_driver.hpp"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/propagate_tile_prefix.cuh"
#include "kernels/grid/reduce_then_scan.cuh"
#include "kernels/grid/scan_then_propagate.cuh"
#include "kernels/grid/single_pass_kernel.cuh"
#include "kernels/grid/tile_status.hpp"
#include "kernels/grid/two_level_scan.cuh"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace prefixlab {

// One launch as the plan asks for it; the launcher adds the body's source path (Launch::kSourcePath).
struct DriverLaunch {
    std::string name;      // what it does: "scan tiles", "scan the totals", "propagate", …
    std::uint32_t blocks = 0;
    int threads = 0;
    int tile = 0;          // the driver's tile (elements)
};

// The shared memory a launch's body lays out (the single-pass scan's layout has its own words after
// the body's).
template <class Launch>
constexpr SharedLayout launch_layout(int threads) {
    const auto layout = Launch::layout(threads);
    if constexpr (requires { layout.shared; })
        return layout.shared;
    else
        return layout;
}

// What a driver is run with besides the arrays.
struct GridDriverOptions {
    GridDriver driver = GridDriver::decoupled_look_back;
    TileOrder order = TileOrder::atomic_counter; // the single-pass drivers
    int threads = 64;                            // of the tile scans: tile_threads_valid
    std::uint32_t two_level_blocks = 4;          // B at most (fewer where there are fewer tiles)
    // A body whose blocks can scan several tiles each (RegisterTileScan::kLoopsOverTiles): whether its
    // traced runs do (untraced ones always do). Off for the traces the look-back analysis reads, which
    // follow a tile by its block; on for the emulator's schedule test of the tuned scan.
    bool loop_over_tiles = false;
};

// The global arrays a driver works with, sized by grid_driver_totals() and grid_driver_status_words().
template <class T>
struct GridDriverWorkspace {
    GridWords<T> totals;                  // BufferId::tile_totals
    GridWords<std::uint64_t> status;      // BufferId::tile_status (single pass)
    GridWords<std::uint32_t> counter;     // BufferId::tile_counter (single pass, one word)
    // Single pass: whether status and counter are zero already (cleared by the run before, through
    // next_status and next_counter: GridScanIo), so that no fill precedes the launch.
    bool cleared = false;
    GridWords<std::uint64_t> next_status{};
    GridWords<std::uint32_t> next_counter{};
};

// Two-level: how many consecutive tiles each of the B blocks owns, and B, for `tiles` tiles with at
// most `blocks` blocks and a spine of at most one tile.
struct TwoLevelRuns {
    std::uint32_t tiles_per_run = 1;
    std::uint32_t runs = 1;
};
constexpr TwoLevelRuns two_level_runs(std::size_t tiles, std::uint32_t blocks, int tile) {
    std::size_t most = blocks < std::uint32_t(tile) ? blocks : std::uint32_t(tile);
    most = most == 0 ? 1 : most < tiles ? most : tiles;
    const std::size_t per = (tiles + most - 1) / most;
    return TwoLevelRuns{static_cast<std::uint32_t>(per), static_cast<std::uint32_t>((tiles + per - 1) / per)};
}

// Elements of the tile totals every spine level of scan-then-propagate or reduce-then-scan needs.
constexpr std::size_t spine_totals(std::size_t n, int tile) {
    std::size_t total = 0;
    for (std::size_t tiles = tiles_for(n, tile); tiles > 1; tiles = tiles_for(tiles, tile))
        total += tiles;
    return total;
}

constexpr std::size_t grid_driver_totals(const GridDriverOptions& options, std::size_t n, int tile) {
    const std::size_t tiles = tiles_for(n, tile);
    switch (options.driver) {
    case GridDriver::scan_then_propagate:
    case GridDriver::reduce_then_scan:
        return spine_totals(n, tile);
    case GridDriver::two_level:
        return tiles > 1 ? two_level_runs(tiles, options.two_level_blocks, tile).runs : 0;
    case GridDriver::atomic_global:
        return tiles > 1 ? tiles : 0;
    case GridDriver::chained:
    case GridDriver::decoupled_look_back:
        break;
    }
    return 0;
}

constexpr std::size_t grid_driver_status_words(const GridDriverOptions& options, std::size_t n, int tile) {
    return is_single_pass(options.driver) ? tiles_for(n, tile) : 0;
}

namespace driver_plan {

inline std::string level_name(std::size_t depth, const char* what) {
    if (depth == 0)
        return what;
    return "scan the totals (level " + std::to_string(depth) + "): " + what;
}

// Marks a phase of the outermost level.
template <class Launcher>
void phase_done(Launcher& launcher, std::size_t depth) {
    if (depth == 0)
        launcher.phase_done();
}

// The level `io` (its totals start at `free` in the workspace's totals) scanned the same way.
template <class T>
DriverLaunchIo<T> spine_of(const DriverLaunchIo<T>& io, std::uint32_t free) {
    DriverLaunchIo<T> spine = io;
    spine.input = io.totals.data + free;
    spine.output = io.totals.data + free;
    spine.n = tiles_of(io);
    spine.tiles = tiles_for(spine.n, io.tile);
    spine.exclusive = false;
    spine.array_base = free;
    spine.totals_base = free + static_cast<std::uint32_t>(tiles_of(io));
    return spine;
}

// A level of a single tile: one block scans it, with no carry and no total.
template <class Body, class Op, class Launcher, class T>
void scan_single_tile(Launcher& launcher, DriverLaunchIo<T> io, int threads, std::size_t depth) {
    io.totals = {};
    launcher.template launch<ScanTileWithCarry<Body>, Op>(
        DriverLaunch{depth == 0 ? "scan the tile" : depth == 1 ? "scan the totals" : level_name(depth, "scan the tile"),
                     1, threads, io.tile},
        io);
    phase_done(launcher, depth);
}

template <class Body, class Op, class Launcher, class T>
void scan_then_propagate(Launcher& launcher, DriverLaunchIo<T> io, int threads, std::size_t depth) {
    const std::size_t tiles = tiles_of(io);
    if (tiles == 1)
        return scan_single_tile<Body, Op>(launcher, io, threads, depth);
    const auto blocks = static_cast<std::uint32_t>(tiles);
    launcher.template launch<ScanTileStoreTotal<Body>, Op>(
        DriverLaunch{level_name(depth, "scan tiles"), blocks, threads, io.tile}, io);
    phase_done(launcher, depth);
    scan_then_propagate<Body, Op>(launcher, spine_of(io, io.totals_base), threads, depth + 1);
    phase_done(launcher, depth);
    launcher.template launch<PropagateTilePrefix, Op>(
        DriverLaunch{level_name(depth, "propagate"), blocks, PropagateTilePrefix::threads_for(io.tile), io.tile}, io);
    phase_done(launcher, depth);
}

template <class Body, class Op, class Launcher, class T>
void reduce_then_scan(Launcher& launcher, DriverLaunchIo<T> io, int threads, std::size_t depth) {
    const std::size_t tiles = tiles_of(io);
    if (tiles == 1)
        return scan_single_tile<Body, Op>(launcher, io, threads, depth);
    launcher.template launch<ReduceTiles, Op>(DriverLaunch{level_name(depth, "reduce tiles"),
                                                           static_cast<std::uint32_t>(ReduceTiles::blocks_for(tiles)),
                                                           ReduceTiles::kThreads, io.tile},
                                              io);
    phase_done(launcher, depth);
    reduce_then_scan<Body, Op>(launcher, spine_of(io, io.totals_base), threads, depth + 1);
    phase_done(launcher, depth);
    launcher.template launch<ScanTileWithCarry<Body>, Op>(
        DriverLaunch{level_name(depth, "scan tiles with their prefix"), static_cast<std::uint32_t>(tiles), threads,
                     io.tile},
        io);
    phase_done(launcher, depth);
}

template <class Body, class Op, class Launcher, class T>
void two_level(Launcher& launcher, DriverLaunchIo<T> io, int threads, std::uint32_t blocks) {
    const std::size_t tiles = tiles_of(io);
    if (tiles == 1)
        return scan_single_tile<Body, Op>(launcher, io, threads, 0);
    const TwoLevelRuns runs = two_level_runs(tiles, blocks, io.tile);
    io.tiles_per_run = runs.tiles_per_run;
    io.totals_base = 0;
    launcher.template launch<ReduceRuns, Op>(DriverLaunch{"reduce runs", runs.runs, threads, io.tile}, io);
    launcher.phase_done();
    DriverLaunchIo<T> partials = spine_of(io, 0);
    partials.n = runs.runs;
    partials.tiles = 1; // B is at most one tile
    partials.totals = {};
    launcher.template launch<ScanTileWithCarry<Body>, Op>(DriverLaunch{"scan the partials", 1, threads, io.tile},
                                                          partials);
    launcher.phase_done();
    launcher.template launch<ScanRuns<Body>, Op>(DriverLaunch{"scan runs", runs.runs, threads, io.tile}, io);
    launcher.phase_done();
}

template <class Body, class Op, class Launcher, class T>
void atomic_global(Launcher& launcher, DriverLaunchIo<T> io, int threads) {
    const std::size_t tiles = tiles_of(io);
    if (tiles == 1)
        return scan_single_tile<Body, Op>(launcher, io, threads, 0);
    // The partial sums start as the identity: each receives the totals of the tiles before it.
    launcher.fill(io.totals, tiles, Op::identity());
    io.totals_base = 0;
    launcher.template launch<ScanTileAddToLater<Body>, Op>(
        DriverLaunch{"scan tiles, add each total to every later tile", static_cast<std::uint32_t>(tiles), threads,
                     io.tile},
        io);
    launcher.phase_done();
    io.totals_base = 1; // tile b's prefix is partial[b]: PropagateTilePrefix reads totals[base + b - 1]
    launcher.template launch<PropagateTilePrefix, Op>(
        DriverLaunch{"propagate", static_cast<std::uint32_t>(tiles), PropagateTilePrefix::threads_for(io.tile),
                     io.tile},
        io);
    launcher.phase_done();
}

template <class Body, class Op, class Launcher, class T>
void single_pass(Launcher& launcher, const DriverLaunchIo<T>& io, const GridDriverOptions& options,
                 const GridDriverWorkspace<T>& workspace) {
    const std::size_t tiles = tiles_of(io);
    if (!workspace.cleared) {
        launcher.fill(workspace.status, tiles, pack_tile_status(TileStatus::invalid, 0));
        launcher.fill(workspace.counter, 1, std::uint32_t(0));
    }
    const GridScanIo<T> single{io.input,
                               io.output,
                               io.n,
                               io.exclusive,
                               io.tile,
                               {workspace.status.data, BufferId::tile_status, static_cast<std::uint32_t>(tiles)},
                               {workspace.counter.data, BufferId::tile_counter, 1},
                               options.driver,
                               options.order,
                               workspace.next_status,
                               workspace.next_counter,
                               options.loop_over_tiles};
    launcher.template launch<SinglePassKernel<Body>, Op>(
        DriverLaunch{options.driver == GridDriver::chained ? "chained scan" : "decoupled look-back",
                     static_cast<std::uint32_t>(tiles), options.threads, io.tile},
        single);
    launcher.phase_done();
}

} // namespace driver_plan

// Scans input[0, n) into output with the driver `options` names and the block body `Body` for its
// tiles (tile = options.threads × Body::kElementsPerThread). The workspace holds at least
// grid_driver_totals() totals and grid_driver_status_words() status words.
// kEveryDriver = false instantiates only the tuned scan's two (decoupled look-back, and reduce-then-scan
// for the deterministic form; any other driver is refused): every driver around each of its tiles would
// compile about a hundred kernels that nothing launches.
template <class Body, class Op, class Launcher, bool kEveryDriver = true>
void run_grid_driver(Launcher& launcher, const GridDriverOptions& options, const typename Op::value_type* input,
                     typename Op::value_type* output, std::size_t n, bool exclusive,
                     const GridDriverWorkspace<typename Op::value_type>& workspace) {
    using T = typename Op::value_type;
    DriverLaunchIo<T> io;
    io.input = input;
    io.output = output;
    io.n = n;
    io.exclusive = exclusive;
    io.tile = options.threads * Body::kElementsPerThread;
    io.tiles = tiles_for(n, io.tile);
    io.totals = workspace.totals;
    if constexpr (!kEveryDriver) {
        if (options.driver == GridDriver::reduce_then_scan)
            return driver_plan::reduce_then_scan<Body, Op>(launcher, io, options.threads, 0);
        if (options.driver != GridDriver::decoupled_look_back)
            throw std::invalid_argument("the tuned scan runs decoupled look-back or reduce-then-scan only");
        return driver_plan::single_pass<Body, Op>(launcher, io, options, workspace);
    }
    switch (options.driver) {
    case GridDriver::scan_then_propagate:
        return driver_plan::scan_then_propagate<Body, Op>(launcher, io, options.threads, 0);
    case GridDriver::reduce_then_scan:
        return driver_plan::reduce_then_scan<Body, Op>(launcher, io, options.threads, 0);
    case GridDriver::two_level:
        return driver_plan::two_level<Body, Op>(launcher, io, options.threads, options.two_level_blocks);
    case GridDriver::atomic_global:
        return driver_plan::atomic_global<Body, Op>(launcher, io, options.threads);
    case GridDriver::chained:
    case GridDriver::decoupled_look_back:
        return driver_plan::single_pass<Body, Op>(launcher, io, options, workspace);
    }
}

} // namespace prefixlab
