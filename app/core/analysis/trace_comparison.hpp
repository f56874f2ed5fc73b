// Two traces side by side (compare mode, issue 12): which step of one is shown with each step of the
// other, and where they differ — per Values-table cell, per dataflow node, per step's bank-conflict
// counts, per output element. Built once when either side changes, from the two LoadedTraces alone,
// so a racy kernel beside its correct twin, two algorithms on one input, GPU beside emulator and one
// warp order beside another are all the same comparison.
//
// Stepping together. Steps are paired by *round*: a round is a run of consecutive steps with the same
// loop level (the load, each iteration, the store — step_rounds()). Within a round, steps are paired
// counting from the round's end (the last with the last, the one before with the one before, the
// other side's first where it has fewer); where the other side has no such round, with its last step
// before it. Two traces of one kernel pair step for step; in-place Hillis–Steele (read, then write:
// two steps an iteration) pairs with its racy twin (one step an iteration) iteration for iteration,
// the racy step with the write.
//
// What "differs" means. A Values column holds a register (by thread) or a shared word; its
// counterpart on the other side is the register of the same thread, or the word holding the same
// logical element of the same buffer (padding removed, so plain and padded Blelloch line up). A cell
// differs when both sides hold a value there at paired steps and the values' bits differ. A dataflow
// node differs from the value its column holds on the other side at the paired step (the column's
// latest node up to it; output nodes against output nodes). Where a counterpart does not exist
// (another buffer, another N) nothing is marked: there is nothing to compare with.
#pragma once

#include "core/analysis/loaded_trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

struct ComparisonSide {
    std::vector<int> paired_step;                      // [step] → the other side's step shown with it
    std::vector<std::vector<std::uint8_t>> cell_differs; // [step][Values column]
    std::vector<std::uint8_t> node_differs;             // [dataflow node]
    std::vector<std::uint8_t> conflicts_differ;         // [step]: its bank totals differ from the paired step's
    int first_differing_step = -1;                      // the first step with a differing cell, or -1
};

struct TraceComparison {
    ComparisonSide sides[2];
    std::vector<std::uint8_t> output_differs; // [element], when both sides scan the same N (else empty)
    int outputs_differing = 0;
    // One line for the screen: "outputs differ at 11 of 16 elements; cells first differ at step 3".
    std::string summary;
};

// The round of every step: 0 for the first, one more at each change of the step tag's loop level.
std::vector<int> step_rounds(const Trace& trace);

// For every step of `from`, the step of `to` shown with it (see above).
std::vector<int> pair_steps(const Trace& from, const Trace& to);

TraceComparison compare_traces(const LoadedTrace& a, const LoadedTrace& b);

} // namespace prefixlab
