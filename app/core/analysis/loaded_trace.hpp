// A trace ready for the views: the trace and everything the views derive from it, computed once
// when it is loaded or captured (off the UI thread). Core code, so that the command line, the tests
// and the fuzz targets compute exactly what the GUI does on load.
#pragma once

#include "core/analysis/bank_conflicts.hpp"
#include "core/analysis/dataflow.hpp"
#include "core/analysis/race_notes.hpp"
#include "core/analysis/step_narration.hpp"
#include "core/trace/trace_index.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace prefixlab {

// A number not given out before in this run (thread-safe: traces are prepared in the background).
std::uint64_t next_loaded_trace_serial();

struct LoadedTrace {
    Trace trace;
    TraceIndex index;
    DataflowGraph dataflow;
    BankAnalysis banks;
    std::vector<StepNarration> narration; // one per step
    std::vector<RaceNote> races;          // every racy read, by step
    std::string origin; // "recorded now" or the file it came from
    // Which trace this is, unlike every other made in this run: a view that keeps what it drew from a trace
    // compares this, not the address (a trace freed and a new one made at the same address kept a Dataflow
    // view's node rows of the old graph, and the next step indexed past the new one: a lesson's scenes
    // trace again and again).
    std::uint64_t serial = next_loaded_trace_serial();
};

// `trace` must be valid (trace_validation.hpp): every trace that read_trace_json or assemble_trace
// returns is.
std::unique_ptr<LoadedTrace> prepare_for_display(Trace trace, std::string origin);

} // namespace prefixlab
