// Where each part of the Values table goes, computed each frame from the font, the window and the
// zoom: no pixel constant that does not scale. Top to bottom inside the table's window: the column
// headers (register/shared groups, warps, indices, owning threads), the global input row, the step
// rows, then the global output row (and for floats the error row). Everything right of the row labels
// scrolls sideways together. Vertically the headers and the global rows stay put while the steps
// scroll between them — unless that leaves room for fewer than three step rows (3× on 1280×720):
// then the whole table scrolls as one ("flowing").
#pragma once

#include <algorithm>
#include <string>

namespace prefixlab {

struct ValueTableMetrics {
    float char_w = 0;      // a digit of the table's monospace font
    float line_h = 0;      // its line height
    float cell_w = 0;      // at the current zoom
    int label_chars = 0;   // the longest full row label
    int compact_chars = 0; // the longest short label (step number, "in", "out", "err")
    int columns = 0, steps = 0, extra_rows = 1;
    bool group_row = false, thread_row = false;
};

// Screen pixels. The table's window's inner rectangle (without its scroll bars) is [x0, x1] × [y0, y1].
struct ValueTableLayout {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    float cell_w = 0, cell_h = 0, header_row_h = 0, gap = 0;
    float label_w = 0;
    bool compact_labels = false;
    bool group_row = false, thread_row = false;
    float cells_x0 = 0;                 // the cells' left edge (right of the labels); cells end at x1
    float header_y0 = 0, header_y1 = 0; // header rows
    float input_y0 = 0, input_y1 = 0;   // the global input row
    float steps_y0 = 0, steps_y1 = 0;   // the visible part of the step rows (clipped to the window)
    float steps_origin_y = 0;           // where step 0's row is, scrolled (may be above steps_y0)
    float steps_before = 0;             // flowing: the content above step 0 (headers, input row, gap)
    bool flowing = false;
    float output_y0 = 0, output_y1 = 0; // output (and error) rows
    float content_w = 0, content_h = 0; // what the window scrolls over
    int columns = 0, steps = 0, extra_rows = 1;

    float cells_w() const { return x1 - cells_x0; }
    float steps_h() const { return std::max(0.0f, steps_y1 - steps_y0); }
    // The screen x of column c's left edge at the given scroll, and the screen y of step k's row.
    float column_x(int c, float scroll_x) const { return cells_x0 + c * cell_w - scroll_x; }
    float step_y(int k) const { return steps_origin_y + k * cell_h; }
    // The step rows partly or wholly visible.
    int first_visible_step() const;
    int last_visible_step() const;
    // For following the current step: where step k's row starts in what the window scrolls over, and
    // how much of that the window shows at once.
    float step_scroll_top(int k) const { return steps_before + k * cell_h; }
    float step_scroll_view() const { return flowing ? y1 - y0 : steps_h(); }
    float header_row_y(int row) const { return header_y0 + row * header_row_h; }
};

// The row labels' width for a table `width` wide: the full labels when they take at most 40% of it and
// leave every column its room at `m.cell_w`, else the short ones (the current step's full label then
// shows above the table, and in the narration). Long labels never take the cells' room: the racy,
// Blelloch and warp-shuffle labels took 38% of the width at 2×, and N = 16 did not fit beside them.
float full_label_width(const ValueTableMetrics& m);
float compact_label_width(const ValueTableMetrics& m);
bool labels_fit(const ValueTableMetrics& m, float width);

// The width of a cell that holds `chars` digits of `char_w`: the digits and 0.4 of a digit either side
// (value_table_text's room_for_text needs a third).
float table_cell_width(float char_w, int chars);

// The cell height for the font: 1.35 lines leaves room around the digits and for the read outline.
float table_cell_height(float line_h);

// `scroll_y`: the window's vertical scroll (the steps' scroll, or the whole table's when flowing).
ValueTableLayout layout_value_table(const ValueTableMetrics& m, bool compact_labels, float x0, float y0,
                                    float x1, float y1, float scroll_y);

// What the last frame's table showed, for scripted tests ("report-values"): where the cells are, the
// scroll, and the overview strip, so a test can find a cell's pixels in a screenshot.
struct ValueTableGeometry {
    bool drawn = false;
    ValueTableLayout layout;
    float scroll_x = 0, scroll_y = 0;
    int first_column = 0, last_column = -1; // fully or partly visible
    bool overview = false;
    float overview_x0 = 0, overview_y0 = 0, overview_x1 = 0, overview_y1 = 0;
};

const ValueTableGeometry& last_value_table_geometry();
void publish_value_table_geometry(const ValueTableGeometry& geometry);
// One line: "values: columns=64 steps=15 cell=W,H cells_x=X0,X1 scroll=SX,SY input_y=… steps_y=… output_y=…
// visible_columns=A,B overview=X0,Y0,X1,Y1|none".
std::string describe(const ValueTableGeometry& geometry);

} // namespace prefixlab
