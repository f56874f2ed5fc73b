// The overview strip of the Values table, shown when its columns do not all fit: the whole array as a
// thin strip, one colour per column at the current step (written, read, holding a value, empty), and
// a frame around the columns on show. Clicking or dragging in it scrolls the table there.
#pragma once

#include "gui/views/value_table_cells.hpp"

#include <vector>

struct ImDrawList;

namespace prefixlab {

// One colour per column for the current step; a read shows where the cell was not also written.
std::vector<theme::Rgb> overview_colours(const LoadedTrace& loaded, const ValueTableModel& model,
                                         const TableShowing& showing);

struct OverviewStrip {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    int columns = 0;
    // The column (fractional) at screen x, clamped to the array.
    float column_at(float x) const;
    float x_of(float column) const;
};

// `first` and `count`: the columns on show (fractional), framed.
void draw_overview(ImDrawList* list, const OverviewStrip& strip, const std::vector<theme::Rgb>& colours,
                   float first, float count, float line_width);

} // namespace prefixlab
