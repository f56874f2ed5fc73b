// A grid trace with everything the grid views derive from it, made once off the UI thread (as
// loaded_trace.hpp does for a block trace): its steps, each tile's look-back, the grid view's model,
// the timeline's marks and the narration.
#pragma once

#include "core/analysis/grid_narration.hpp"
#include "core/analysis/loaded_trace.hpp" // next_loaded_trace_serial
#include "core/analysis/grid_steps.hpp"
#include "core/analysis/grid_view_model.hpp"
#include "core/analysis/look_back.hpp"
#include "core/analysis/look_back_timeline.hpp"

#include <memory>
#include <string>
#include <vector>

namespace prefixlab {

struct LoadedGridTrace {
    GridTrace trace;
    GridSteps steps;
    std::vector<TileLookBack> look_backs;
    GridViewModel model;
    LookBackTimeline timeline;
    std::vector<std::string> narration; // one per step
    std::uint64_t serial = next_loaded_trace_serial(); // as LoadedTrace's: which trace, not which address
};

std::unique_ptr<LoadedGridTrace> prepare_grid_for_display(GridTrace trace);

// For scripted mode's `report-grid` and the tests: "grid: driver=decoupled-look-back n=64 tiles=8
// launches=1 accesses=41 steps=4 detail=elements totals=0/0/0 crossings=9 look-back deepest=2 mean=1.29
// polls=9 waited=0 verdict=consistent": totals = the tile totals' reads/writes/atomics, crossings = the
// arrows between blocks before thinning (tile-totals arrows and look-back polls); verdict=none for a
// trace with no look-back.
std::string grid_report(const LoadedGridTrace& grid);

} // namespace prefixlab
