// Rows of controls that wrap like words: an item goes beside the previous one only if it fits in
// what is left of the window's width, else onto the next line. At 2× a row of legend entries and
// check boxes is wider than the main area beside the settings panel.
#pragma once

namespace prefixlab {

// Call between two items: `next_width` is the width of the item about to be drawn. The first item
// of a row needs no call.
void same_line_if_fits(float next_width);

// The width of a check box with its label (Dear ImGui draws a square one frame tall, a gap, the text).
float checkbox_width(const char* label);

} // namespace prefixlab
