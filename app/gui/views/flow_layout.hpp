// Rows of controls that wrap like words: an item goes beside the previous one only if it fits in
// what is left of the window's width, else onto the next line. At 2× a row of legend entries and
// check boxes is wider than the main area beside the settings panel.
#pragma once

namespace prefixlab {

// Call between two items: `next_width` is the width of the item about to be drawn. The first item
// of a row needs no call. Items end at least `right_margin` before the window's content edge.
void same_line_if_fits(float next_width, float right_margin = 0);

// The width a view may fill in the current window: what is available, less a vertical scroll bar's
// width while the window shows none. A tab taller than the main area gets its scroll bar one frame
// late; content laid out at the full width in the frame before would then stick out by the bar's
// width (the layout check finds it when a tab is opened at a scale where it does not fit).
float width_beside_scroll_bar();

// The width of a check box with its label (Dear ImGui draws a square one frame tall, a gap, the text).
float checkbox_width(const char* label);

} // namespace prefixlab
