// The steps of a grid trace, defined once for the grid view, the look-back timeline, the narration and
// the tests: each launch's phases in order. A phase is what the launch's own kernel file opens with a
// step tag (the single-pass scan: take a tile, reduce the tile, publish and look back, scan the tile);
// the steps a block opens in other files — the warp shuffles of the reduction, the block scan body that
// scans the tile — belong to the phase open before them, so the grid steps stay the four a lecture names.
// Tile-level traces keep no block steps: one step per launch.
//
// A tile is "in" a step when its block opened steps of that phase (element detail: the reduction touches
// nothing shared but is work all the same) or made accesses to the shared arrays in it; the
// accesses "up to step s" are those made in phases ≤ s (step_of_access).
#pragma once

#include "core/trace/grid_trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

struct GridStep {
    std::uint16_t launch = 0;
    Phase phase{};     // the phase that opens it (Phase{} for a tile-level trace's launch step)
    std::string name;  // "take-tile"; the launch's name for a tile-level step
    std::string label; // "take a tile"
};

struct GridSteps {
    std::vector<GridStep> steps;
    // [index in trace.blocks][the block's own step] -> grid step (element detail only)
    std::vector<std::vector<std::uint32_t>> of_block_step;
    // [index in trace.accesses] -> grid step
    std::vector<std::uint32_t> of_access;
    // [grid step][tile] -> 1 when the tile worked in the step (opened steps of it, or made accesses)
    std::vector<std::vector<std::uint8_t>> tile_in_step;
    std::uint32_t tiles = 0; // tiles of the widest launch
};

GridSteps build_grid_steps(const GridTrace& trace);

// The grid step of one block's own step; where the block is unknown, the launch's first step.
std::uint32_t grid_step_of(const GridTrace& trace, const GridSteps& steps, std::uint16_t launch, std::uint32_t block,
                           std::uint16_t block_step);

} // namespace prefixlab
