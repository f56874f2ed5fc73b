// One sentence per grid step (grid_steps.hpp), with the trace's own numbers, for the narration strip
// under the grid views: "Step 2 — publish and look back: 7 tiles combined 1.4 predecessors on average;
// tile 5 waited 3 polls for tile 4's status word"; a multi-launch driver's from its tile totals
// (grid_totals.hpp): "Step 1 — launch 1 · scan the totals: one block scans the 8 tile totals in place:
// 8 reads, 8 writes …". And the strip's second line, its counters: the look-back summary for a
// single-pass scan, the step's launch and tile-totals accesses for the others.
#pragma once

#include "core/analysis/grid_steps.hpp"
#include "core/analysis/grid_totals.hpp"
#include "core/analysis/look_back.hpp"
#include "core/analysis/look_back_timeline.hpp"

#include <string>
#include <vector>

namespace prefixlab {

// `totals`: the view model's (nullptr: made here where the trace has tile totals).
std::vector<std::string> narrate_grid_steps(const GridTrace& trace, const GridSteps& steps,
                                            const std::vector<TileLookBack>& look_backs,
                                            const GridTotals* totals = nullptr);

// Whether the trace is a single-pass scan's (its driver's name says; an unknown driver: whether its
// tiles told each other through status words or the tile counter).
bool grid_has_look_backs(const GridTrace& trace);

// The narration strip's counters at `step`: "1024 tiles · look-back deepest 3, …" (single pass), or
// "launch 1 of 3, 1 block · tile totals: 8 reads, 8 writes · 8 crossings between blocks".
std::string grid_counters_line(const GridTrace& trace, const GridSteps& steps, const GridTotals& totals,
                               const LookBackTimeline& timeline, std::size_t step);

} // namespace prefixlab
