// Where each value written in a step came from, as arrows between Values-grid cells (GPU-Puzzles
// style): from the cell a thread read — the word's column at the row that held the value read — to
// the cell it wrote in the step (a shared word, or its own register in shuffle kernels). Only the
// step's own arrows, from the provenance every traced write and register snapshot records.
#pragma once

#include "core/analysis/value_grid_model.hpp"
#include "core/trace/trace.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct GridArrow {
    int from_column = 0, from_row = 0; // row: a step index; the value as it stood at that step's end
    int to_column = 0, to_row = 0;
    // The read raced with another thread's write of the word in its step (read_origin.hpp, the same
    // answer as the dataflow's racy edges and the race notes): from its own row when it got that
    // write's value, from the row above when this run gave it the old one.
    bool racy = false;
    friend bool operator==(const GridArrow&, const GridArrow&) = default;
};

// The arrows into cells written in `step`. Reads of the global input (the input row) have none:
// the grid draws that row apart. `model` must be the trace's (build_value_grid_model).
std::vector<GridArrow> grid_arrows(const Trace& trace, const ValueGridModel& model, int step);

} // namespace prefixlab
