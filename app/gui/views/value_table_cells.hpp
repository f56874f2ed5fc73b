// What each cell of the Values table looks like at the current step — fill, "read" outline, ink, or
// nothing at all — for the step rows and for the global input and output rows. The cached picture of
// the cells, the text over them, the overview strip and the tooltips all ask these functions, so they
// cannot disagree. Global accesses colour only the input and output rows, never a shared word.
#pragma once

#include "core/analysis/loaded_trace.hpp"
#include "core/analysis/value_table_model.hpp"
#include "gui/render/instanced_shapes.hpp"
#include "gui/theme.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// How later steps are shown: dimmed (dim_later), hidden entirely (reveal), or as they are.
struct TableShowing {
    int current = 0;
    bool dim_later = true;
    bool reveal = false;
    bool hides(int step) const { return reveal && step > current; }
    bool dims(int step) const { return !reveal && dim_later && step > current; }
};

struct CellLook {
    bool hidden = false; // reveal mode: nothing of this cell is drawn
    bool has_value = false;
    bool read = false; // outlined in cell_read
    theme::Rgb fill{};
    theme::Rgb outline{}; // the read outline's colour (dimmed with the fill)
    theme::Rgb ink{};     // for its text
};

CellLook step_cell_look(const LoadedTrace& loaded, const ValueTableModel& model, std::size_t column, int step,
                        const TableShowing& showing);
CellLook input_cell_look(const ValueTableModel& model, int element, const TableShowing& showing);
// The output row, and with `error_row` the float error row under it: hidden in reveal mode until the
// step that writes the element.
CellLook output_cell_look(const Trace& trace, const ValueTableModel& model, int element, bool error_row,
                          const TableShowing& showing);

// The step rows' cells as quads in table units (column c spans [c, c+1], step k's row [k, k+1]).
// `solid`: columns too narrow for gaps and outlines (a few pixels) are one flat colour each, a read
// shown as the read colour where the cell was not also written (gaps of a fraction of a pixel alias
// into stripes that are not in the data).
std::vector<QuadInstance> step_cell_quads(const LoadedTrace& loaded, const ValueTableModel& model,
                                          const TableShowing& showing, bool solid);

// One quad or two (the read outline and the fill inside it) for a cell at (x, y) in table units.
void add_cell_quads(std::vector<QuadInstance>& quads, float x, float y, const CellLook& look, bool solid);

// Columns narrower than this many pixels are drawn solid.
inline constexpr float kSolidBelowPixels = 6;

using theme::blend; // the views mix colours with it

} // namespace prefixlab
