// What the look-back timeline draws, from a grid trace's look-backs (look_back.hpp), with no drawing in
// it: one row per tile, the global order across (a GPU trace's %globaltimer times where it has them);
// a mark for each access a single-pass scan's tiles make to tell each other where they are — tile taken
// (the tile counter's atomic), aggregate published, each poll of a predecessor with the status it saw,
// inclusive prefix published — so the marks are exactly the trace's tile-counter and status-word
// accesses; and the summary a lecture quotes: tiles, how far back they looked, polls that waited, and
// check_look_backs()' verdict.
#pragma once

#include "core/analysis/grid_steps.hpp"
#include "core/analysis/look_back.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

enum class TimelineMarkKind : std::uint8_t { taken, aggregate, poll, prefix };

struct TimelineMark {
    std::uint32_t tile = 0;
    TimelineMarkKind kind = TimelineMarkKind::taken;
    TileStatus seen = TileStatus::invalid; // polls: the status it saw
    std::uint32_t predecessor = 0;         // polls: whose word it read
    std::uint32_t value_bits = 0;          // the value published or read (taken: the tile index)
    double x = 0;                          // the global order, or ns since the first access
    std::uint32_t step = 0;                // the grid step it was made in (grid_steps.hpp)
};

struct LookBackTimeline {
    std::uint32_t tiles = 0;
    bool uses_time = false; // x is time in ns (a GPU trace), else the global order
    double x_end = 1;       // x of the last mark + 1
    std::vector<TimelineMark> marks;             // in global order
    std::vector<std::vector<std::uint32_t>> by_tile; // [tile] -> indices into marks, in x order
    LookBackDepths depths;
    std::uint32_t polls = 0, waited = 0; // polls made; those that found an invalid word
    std::string verdict;                 // check_look_backs(): "" when every look-back is consistent
};

LookBackTimeline build_look_back_timeline(const GridTrace& trace, const GridSteps& steps,
                                          const std::vector<TileLookBack>& look_backs);

// "1024 tiles · look-back deepest 3, mean 1.21 · 57 of 2101 polls waited · every look-back consistent"
std::string timeline_summary(const LookBackTimeline& timeline);

// One line per kind of mark for the legend and tooltips: "taken", "aggregate published", "poll saw
// prefix"…
const char* mark_name(const TimelineMark& mark);

} // namespace prefixlab
