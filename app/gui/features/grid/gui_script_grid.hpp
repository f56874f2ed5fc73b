// The grid side of scripted mode: the settings of a `grid-trace` command (driver=NAME, one of the grid drivers, n=N
// tile=THREADS body=warp-shuffle|blelloch|registers resident=R order=in-order|reversed|random seed=S
// tiles=counter|block type=T op=OP exclusive=0|1 input=KIND device=cpu|gpu), read and checked when the
// script is read (device=gpu without a GPU is refused when it runs, as the sidebar greys it out),
// applied to the GUI's grid capture settings when it runs. Only the settings given change.
#pragma once

#include "core/capture/grid_capture.hpp"

#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

struct GridTraceSettings {
    std::optional<GridDriver> driver;
    std::optional<std::uint64_t> n;
    std::optional<int> tile_threads;
    std::optional<TileScanBody> body;
    std::optional<std::uint32_t> resident;
    std::optional<BlockStartOrder> order;
    std::optional<std::uint64_t> seed; // the start order's seed (order=random)
    std::optional<TileOrder> tiles;
    std::optional<ElementType> type;
    std::optional<ScanOperator> op;
    std::optional<bool> exclusive;
    std::optional<InputKind> input;
    std::optional<DeviceChoice> device; // cpu (the emulator) or gpu
    // compact=KEEP: the single-pass compaction keeping what KEEP keeps (its driver and body with it);
    // compact=none: a scan again
    std::optional<std::optional<KeepPredicate>> compact;
    // sort=textbook|onesweep: a radix sort of the input (its driver and block with it); sort=none: a scan again
    std::optional<GridSortForm> sort;
};

// Throws ScriptValueError naming the setting and quoting its value.
GridTraceSettings read_grid_trace_settings(const std::vector<std::string>& settings);

void apply_grid_trace_settings(const GridTraceSettings& settings, GridCaptureRequest& request);

} // namespace prefixlab
