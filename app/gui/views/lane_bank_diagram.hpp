// One warp-wide instruction as lanes and what they reach: lanes 0–31 in a numbered row on top, 32
// targets in a numbered row below, and a line from every active lane to its target. For shared memory
// the targets are the banks, coloured by how many distinct words the instruction touches in each (the
// heatmap's scale), the line vermillion where the bank serves more than one word (a conflict); for
// global memory they are 32-byte sectors (coalescing.hpp). Sized from the font: the numbers shrink to
// no less than 45 % of the text size to fit 32 boxes across; where even that does not fit, the diagram
// scrolls sideways.
#pragma once

#include "core/analysis/bank_conflicts.hpp"
#include "gui/theme.hpp"

#include <array>
#include <cstdint>

namespace prefixlab {

// What a lane diagram shows: each lane's target (0–31 in the lower row, or -1: the lane takes no
// part), the lower row's numbers and fills, and each lane's line: emphasised (thick, vermillion) or not.
struct LaneDiagram {
    std::array<int, 32> target_of_lane{};
    std::array<bool, 32> emphasised{};
    std::array<std::uint32_t, 32> target_number{};
    std::array<theme::Rgb, 32> target_fill{};
    std::uint32_t active_lanes = 0;
};

// The height the diagram takes at the current font in `width`, with its scroll bar where it scrolls.
float lane_diagram_height(float width);

// Draws the diagram at the cursor, `width` wide, and moves the cursor below it. `id` names its child
// window where it scrolls.
void draw_lane_diagram(const LaneDiagram& diagram, float width, const char* id);

// The diagram of a shared-memory instruction: its lanes and banks.
float lane_bank_diagram_height(float width);
void draw_lane_bank_diagram(const Trace& trace, const WarpInstruction& instruction, float width);

} // namespace prefixlab
