// Where each value written in a step came from, as arrows between Values-table cells (GPU-Puzzles
// style): from the cell a thread read — the word's column at the row that held the value read — to
// the cell it wrote in the step (a shared word, or its own register in shuffle kernels). Only the
// step's own arrows, from the provenance every traced write and register snapshot records.
#pragma once

#include "core/analysis/value_table_model.hpp"
#include "core/trace/trace.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct TableArrow {
    int from_column = 0, from_row = 0; // row: a step index; the value as it stood at that step's end
    int to_column = 0, to_row = 0;
    // The read raced with another thread's write of the word in its step (read_origin.hpp, the same
    // answer as the dataflow's racy edges and the race notes): from its own row when it got that
    // write's value, from the row above when this run gave it the old one.
    bool racy = false;
    friend bool operator==(const TableArrow&, const TableArrow&) = default;
};

// The rows of a scatter's arrows (a compaction's or a split's): from the input row to the output row.
inline constexpr int kInputRow = -1;
inline constexpr int kOutputRow = -2;

// The arrows into cells written in `step`: from each shared word or register a value came from; and
// where a thread writes to the output a value it read from the input (a scatter: compaction, split),
// from input[e]'s column in the input row to output[d]'s in the output row. Other reads of the input
// (the loads) have none: the table marks that row apart. `model` must be the trace's
// (build_value_table_model).
std::vector<TableArrow> table_arrows(const Trace& trace, const ValueTableModel& model, int step);

} // namespace prefixlab
