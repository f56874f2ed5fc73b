// A multi-block reduction of N elements (issue 15), written once for the GPU and the emulator over the
// same launchers as the grid scans (kernels/grid/grid_driver_plan.hpp). Each launch reduces tiles of
// threads × kElementsPerThread elements with a block reduction of the catalogue (ReduceTileTotals);
// what happens to the tiles' totals is the "finish":
//
//   recursive   the totals are reduced again by the same kernel, a level per factor of `tile`, until
//               one tile is left, whose total is the result (with 2048-element tiles: 2 launches up to
//               2^22 elements, 3 up to 2^33)
//   atomic      every block combines its total atomically into one word (one launch)
//   cpu         one launch, then the host reads the tiles' totals back and combines them (the lecture's
//               "for small n the CPU may finish faster")
//
// Every level's totals are parts of one grid array (BufferId::tile_totals), as the scans' spines are,
// so that the emulator records each access with its index in the whole array.
#pragma once

#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/grid_driver_plan.hpp" // DriverLaunch, tiles_for
#include "kernels/grid/reduce_finish.hpp"
#include "kernels/grid/reduce_tile_totals.cuh"

#include <cstddef>
#include <cstdint>
#include <string>

namespace prefixlab {

// Where a reduction left its result: at totals[index] on the device, or (the CPU finish) on the host.
template <class T>
struct GridReduceResult {
    bool on_host = false;
    T host_total{};
    std::uint32_t index = 0;
};

// Elements of the grid's totals a reduction of n elements in tiles of `tile` needs.
constexpr std::size_t grid_reduce_totals(ReduceFinish finish, std::size_t n, int tile) {
    switch (finish) {
    case ReduceFinish::atomic:
        return 1;
    case ReduceFinish::cpu:
        return tiles_for(n, tile);
    case ReduceFinish::recursive:
        break;
    }
    std::size_t total = 1; // the last level's one total
    for (std::size_t tiles = tiles_for(n, tile); tiles > 1; tiles = tiles_for(tiles, tile))
        total += tiles;
    return total;
}

// The most combines on any path from an element to the total (a float sum's error bound,
// app/core/ground/output_check.hpp): in each level a thread's share (items - 1 in registers) and the
// tree over the block (log2 threads levels, the shuffles' included); the recursive finish's levels add
// up; the atomic and CPU finishes then combine the level's totals one after another.
constexpr std::size_t grid_reduce_longest_path(ReduceFinish finish, std::size_t n, int threads, int items) {
    std::size_t tree = 0;
    for (int width = 1; width < threads; width *= 2)
        ++tree;
    const std::size_t level = std::size_t(items - 1) + tree;
    const int tile = threads * items;
    if (finish != ReduceFinish::recursive)
        return level + tiles_for(n, tile) - 1;
    std::size_t path = level;
    for (std::size_t tiles = tiles_for(n, tile); tiles > 1; tiles = tiles_for(tiles, tile))
        path += level;
    return path;
}

namespace reduce_plan {

inline std::string level_name(std::size_t depth, std::size_t tiles) {
    const std::string what = tiles == 1 ? "reduce the tile" : "reduce tiles";
    return depth == 0 ? what : "reduce the totals (level " + std::to_string(depth) + "): " + what;
}

template <class Body, bool kAtomic, class Op, class Launcher, class T>
void reduce_level(Launcher& launcher, const DriverLaunchIo<T>& io, int threads, std::size_t depth) {
    launcher.template launch<ReduceTileTotals<Body, kAtomic>, Op>(
        DriverLaunch{level_name(depth, io.tiles), static_cast<std::uint32_t>(io.tiles), threads, io.tile}, io);
    launcher.phase_done();
}

} // namespace reduce_plan

// Reduces input[0, n) (n ≥ 1) with the block reduction `Body`, `threads` threads a block (a power of two
// the body takes for a full tile), into `totals` (grid_reduce_totals() elements). A launcher provides
// what grid_driver_plan.hpp lists, and
//   template <class Op> T combine_on_host(GridWords<T> totals, std::size_t count);  // the CPU finish
template <class Body, class Op, class Launcher>
GridReduceResult<typename Op::value_type> run_grid_reduce(Launcher& launcher, ReduceFinish finish, int threads,
                                                          const typename Op::value_type* input, std::size_t n,
                                                          GridWords<typename Op::value_type> totals) {
    using T = typename Op::value_type;
    DriverLaunchIo<T> io;
    io.input = input;
    // Never written (every total goes to `totals`), but a tile's ScanIo is offset from it: not null.
    io.output = const_cast<T*>(input);
    io.n = n;
    io.tile = threads * Body::kElementsPerThread;
    io.tiles = tiles_for(n, io.tile);
    io.totals = totals;
    if (finish == ReduceFinish::atomic) {
        launcher.fill(totals, 1, Op::identity());
        reduce_plan::reduce_level<Body, true, Op>(launcher, io, threads, 0);
        return {};
    }
    reduce_plan::reduce_level<Body, false, Op>(launcher, io, threads, 0);
    if (finish == ReduceFinish::cpu)
        return {true, launcher.template combine_on_host<Op>(totals, io.tiles), 0};
    // recursive: the level's totals are the next level's array, until a level is one tile
    for (std::size_t depth = 1; io.tiles > 1; ++depth) {
        const std::uint32_t level = io.totals_base;
        io.input = totals.data + level;
        io.output = totals.data + level;
        io.array_base = level;
        io.n = io.tiles;
        io.totals_base = level + static_cast<std::uint32_t>(io.tiles);
        io.tiles = tiles_for(io.n, io.tile);
        reduce_plan::reduce_level<Body, false, Op>(launcher, io, threads, depth);
    }
    return {false, T{}, io.totals_base};
}

} // namespace prefixlab
