#include "core/capture/grid_trace_cost.hpp"

#include "core/emulator/emulate_grid_scan.hpp"
#include "core/emulator/emulated_grid.hpp"
#include "core/trace/grid_trace_limits.hpp"
#include "kernels/grid/grid_sort_plan.hpp"
#include "kernels/grid/onesweep_sort_plan.hpp"
#include "kernels/grid/propagate_tile_prefix.cuh"
#include "kernels/grid/reduce_then_scan.cuh"
#include "kernels/grid/tile_scan_bodies.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

// The accesses of `driver` over `tiles` tiles at least (see the header's table).
std::uint64_t fewest_accesses(GridDriver driver, std::uint64_t tiles, std::uint32_t propagate_threads) {
    if (tiles <= 1)
        return 0;
    const std::uint64_t prefix_reads = (tiles - 1) * propagate_threads;
    switch (driver) {
    case GridDriver::atomic_global:
        return tiles * (tiles - 1) / 2 + prefix_reads;
    case GridDriver::scan_then_propagate:
        return prefix_reads + tiles;
    case GridDriver::two_level:
        return 0;
    case GridDriver::reduce_then_scan: // its tiles read their prefix as the body reads a carry: one thread or all
    case GridDriver::chained:
    case GridDriver::decoupled_look_back:
        return tiles;
    }
    return 0;
}

// The fibers the emulator runs at once for the launch that needs most: the tiles' (T blocks of the
// tile's threads), the propagate's (T blocks of P threads) or the reduce-then-scan's reduce (a few
// blocks of ReduceTiles::kThreads, each reducing many tiles); the spines' launches have fewer blocks.
std::uint64_t most_fibers(const GridCaptureRequest& request, std::uint64_t tiles, std::uint32_t propagate_threads) {
    const auto fibers = [&](std::uint64_t blocks, std::uint64_t threads) {
        return std::min<std::uint64_t>(request.schedule.resident, blocks) * (threads + 1);
    };
    std::uint64_t most = fibers(tiles, static_cast<std::uint64_t>(request.scan.tile_threads));
    if (tiles > 1 && (request.scan.driver == GridDriver::scan_then_propagate || request.scan.driver == GridDriver::atomic_global))
        most = std::max(most, fibers(tiles, propagate_threads));
    if (tiles > 1 && request.scan.driver == GridDriver::reduce_then_scan)
        most = std::max(most, fibers(ReduceTiles::blocks_for(tiles), ReduceTiles::kThreads));
    return most;
}

// A sort's tiles (GridScanRequest::sort): the textbook's tile_threads × kSortItems keys, Onesweep's as the
// emulator runs it (256 × kOnesweepTracedItems) or, asked of the GPU, as a traced GPU run does. Its fewest accesses: the textbook's pass writes and reads
// 16 digit counts a tile, Onesweep's publishes 256 counts and 256 prefixes a tile (one pass at least).
GridTraceCost sort_cost_at(const GridCaptureRequest& request, std::uint64_t n) {
    require_grid_sort(request.scan);
    const bool onesweep = request.scan.sort == GridSortForm::onesweep;
    GridTraceCost cost;
    cost.tile = grid_sort_tile(request.scan.sort, request.scan.tile_threads, request.device == DeviceChoice::gpu);
    cost.tiles = (n + cost.tile - 1) / cost.tile;
    cost.most_fibers = std::min<std::uint64_t>(request.schedule.resident, cost.tiles) *
                       (static_cast<std::uint64_t>(request.scan.tile_threads) + 1);
    cost.fewest_accesses = cost.tiles * (onesweep ? 2 * kOnesweepDigits : 2 * kSortDigits);
    return cost;
}

GridTraceCost cost_at(const GridCaptureRequest& request, std::uint64_t n) {
    if (request.scan.sort != GridSortForm::none)
        return sort_cost_at(request, n);
    require_tile_threads(request.scan.body, request.scan.tile_threads);
    GridTraceCost cost;
    cost.tile = static_cast<std::uint32_t>(request.scan.tile_threads * tile_elements_per_thread(request.scan.body));
    cost.tiles = (n + cost.tile - 1) / cost.tile;
    cost.propagate_threads = static_cast<std::uint32_t>(PropagateTilePrefix::threads_for(static_cast<int>(cost.tile)));
    cost.most_fibers = most_fibers(request, cost.tiles, cost.propagate_threads);
    cost.fewest_accesses = fewest_accesses(request.scan.driver, cost.tiles, cost.propagate_threads);
    return cost;
}

// The largest N whose accesses fit, with the request's tiles (the count grows with N).
std::uint64_t largest_n_that_fits(const GridCaptureRequest& request) {
    std::uint64_t fits = 0, too_many = request.n; // cost_at(too_many) does not fit
    while (too_many - fits > 1) {
        const std::uint64_t middle = fits + (too_many - fits) / 2;
        (cost_at(request, middle).fewest_accesses <= kMaxGridTraceAccesses ? fits : too_many) = middle;
    }
    return fits;
}

// The most resident blocks whose fibers fit (the fibers grow with them; a block of 1024 threads fits).
std::uint32_t most_resident_that_fit(const GridCaptureRequest& request) {
    std::uint32_t fits = 1, too_many = request.schedule.resident;
    while (too_many - fits > 1) {
        const std::uint32_t middle = fits + (too_many - fits) / 2;
        GridCaptureRequest fewer = request;
        fewer.schedule.resident = middle;
        (cost_at(fewer, fewer.n).most_fibers <= kMaxFiberStacks ? fits : too_many) = middle;
    }
    return fits;
}

} // namespace

GridTraceCost grid_trace_cost(const GridCaptureRequest& request) {
    return cost_at(request, request.n);
}

GridTraceCost check_grid_trace_cost(const GridCaptureRequest& request) {
    const GridTraceCost cost = grid_trace_cost(request);
    if (cost.fewest_accesses > kMaxGridTraceAccesses)
        throw GridTraceTooLarge(std::string(name_of(request.scan.driver)) + " at N = " + std::to_string(request.n) +
                                " in " + std::to_string(cost.tiles) + " tiles of " + std::to_string(cost.tile) +
                                " makes " + (request.scan.driver == GridDriver::atomic_global ? "" : "at least ") +
                                std::to_string(cost.fewest_accesses) + " accesses to the shared arrays, more than the " +
                                std::to_string(kMaxGridTraceAccesses) + " a grid trace holds: N up to " +
                                std::to_string(largest_n_that_fits(request)) + " fits with these tiles, or larger tiles");
    if (request.device == DeviceChoice::cpu && cost.most_fibers > kMaxFiberStacks)
        throw GridTraceTooLarge("the emulator runs at most " + std::to_string(kMaxFiberStacks) + " threads at once: with " +
                                std::to_string(request.schedule.resident) + " resident blocks this run needs " +
                                std::to_string(cost.most_fibers) + "; at most " +
                                std::to_string(most_resident_that_fit(request)) + " resident blocks fit");
    return cost;
}

} // namespace prefixlab
