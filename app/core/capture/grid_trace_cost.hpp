// What a grid trace will cost, known from its request before anything runs (issue 31: the atomic
// global scan's accesses grow as tiles², and `grid-trace --driver atomic-global --n 65536
// --tile-threads 4` grew past 17 GB in two minutes before anything said no; `--resident 4096` asked
// the emulator for 135,168 fiber stacks).
//
// The accesses a driver makes to the shared arrays (the rows of a grid trace), from its plan
// (kernels/grid/grid_driver_plan.hpp), with T tiles and P threads in a propagate launch:
//   atomic-global                 exactly T(T-1)/2 atomics, one per earlier tile, and (T-1)P reads
//                                 of the partials by the propagate launch
//   scan-then-propagate           at least the same (T-1)P reads of the prefixes and T writes of the
//                                 totals (the spine's levels add more)
//   reduce-then-scan              at least T writes of the totals (a tile reads its prefix as its body
//                                 reads a carry: with one thread or all)
//   two-level                     a few per run of tiles: counted as none
//   chained, decoupled-look-back  at least one publication per tile; the polls depend on the
//                                 schedule, so only the run can count them (GridRecordingFull)
// tests/cpu/test_grid_trace_cost.cpp checks these against every driver's recorded runs.
#pragma once

#include "core/capture/grid_capture.hpp"
#include "core/trace/grid_trace_limits.hpp"

#include <cstdint>

namespace prefixlab {

struct GridTraceCost {
    std::uint64_t tiles = 0;
    std::uint32_t tile = 0;             // elements a tile holds
    std::uint32_t propagate_threads = 0; // P: a propagate launch's threads
    std::uint64_t most_fibers = 0;      // the emulator's at once, at most: resident blocks × (threads + 1)
    std::uint64_t fewest_accesses = 0;  // to the shared arrays: at least this many (atomic-global: exactly)
};

// The cost of the request's scan; throws std::invalid_argument for tile threads the body cannot take.
GridTraceCost grid_trace_cost(const GridCaptureRequest& request);

// Refuses, before it runs, a request whose trace cannot be held (GridTraceTooLarge: more accesses than
// kMaxGridTraceAccesses, naming the largest N that fits with the same tiles) or that the emulator
// cannot run (also GridTraceTooLarge: more fibers than kMaxFiberStacks, naming the resident blocks that fit).
// Returns the cost when it is accepted.
GridTraceCost check_grid_trace_cost(const GridCaptureRequest& request);

} // namespace prefixlab
