// What part of its trace each step view showed in the last frame: the columns (elements, words, banks)
// and the steps in view, per side of compare mode. Values, Dataflow and Banks note it while they draw;
// `report-shown` prints it, so that tests can tell whether two sides show the same region (issue 33:
// the racy side showed columns 0–12, rows 0–4, the correct side columns 32–44, rows 9–13) and whether an
// exported picture shows what the screen showed (Ctrl+E of Dataflow showed rows 0–4, the screen 7–12).
#pragma once

#include <string>
#include <vector>

namespace prefixlab::layout {

struct ShownRange {
    std::string view;       // the tab's title: "Values", "Dataflow", "Banks"
    int side = 0;           // 0: the trace on screen; 1: the other side of compare mode
    float first_column = 0; // fractional: a column half in view counts by the half shown
    float last_column = 0;  // exclusive
    float first_step = 0;   // rows of steps, fractional in the same way
    float last_step = 0;    // exclusive
};

// While a view draws: what it shows. A later note of the same view and side in one frame replaces it.
void note_shown_range(const ShownRange& range);
// The ranges the last finished frame noted, by view then side.
const std::vector<ShownRange>& last_shown_ranges();
// The ranges noted so far in the frame being drawn (an export reads its own frame's after rendering it).
const std::vector<ShownRange>& shown_ranges_this_frame();
// One line per range: "shown: Values side=0 columns=0.0-22.5 steps=3.0-9.0".
std::string shown_ranges_text(const std::vector<ShownRange>& ranges);

// Where a step view drew the current step's row (screen y), each frame: the window around the view (a half
// of compare mode) scrolls the row into its own view (compare_sides.cpp). How many were noted so far this
// frame, and the last.
// It says too what part of the screen its rows show through (scrolled, and clipped by the windows around it),
// which check-layout holds the row to (layout_check.hpp).
// And where the view's own window for its rows lies, before the windows around clip it: a half of compare
// mode follows the row as the view will show it, inside that window (following the row where the view's last
// scroll put it, below its window, a half scrolled to the diagram under Banks' heatmap, and the heatmap,
// out of view, had nothing to follow into).
struct StepRowSpan {
    std::string view;
    float y0 = 0, y1 = 0;                 // the row
    float visible_y0 = 0, visible_y1 = 0; // where the view's rows are on screen
    float rows_y0 = 0, rows_y1 = 0;       // the view's window for them, unclipped
};
void note_current_step_row(const StepRowSpan& row);
std::size_t current_step_rows_noted();
StepRowSpan last_current_step_row();
// This frame's, in the order noted.
const std::vector<StepRowSpan>& current_step_rows();

// Once a frame, before the views draw (layout::new_frame calls it).
void new_shown_frame();

} // namespace prefixlab::layout
