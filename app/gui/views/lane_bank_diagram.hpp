// One warp-wide shared-memory instruction as lanes and banks: lanes 0–31 in a numbered row on top,
// banks 0–31 in a numbered row below, coloured by how many distinct words the instruction touches in
// each (the heatmap's scale), and a line from every lane to the bank of the word it accesses —
// vermillion where the bank serves more than one word (a conflict). Sized from the font: the numbers
// shrink to no less than 60 % of the text size to fit 32 boxes across; where even that does not fit,
// the diagram scrolls sideways.
#pragma once

#include "core/analysis/bank_conflicts.hpp"

namespace prefixlab {

// The height the diagram takes at the current font in `width`, with its scroll bar where it scrolls.
float lane_bank_diagram_height(float width);

// Draws the diagram at the cursor, `width` wide, and moves the cursor below it.
void draw_lane_bank_diagram(const Trace& trace, const WarpInstruction& instruction, float width);

} // namespace prefixlab
