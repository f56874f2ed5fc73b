// The Values grid's words: row labels and the captions of the header and global rows, full and short
// (the short ones when the full labels would take too much of a narrow window or a large scale).
#pragma once

#include "core/analysis/value_grid_model.hpp"

#include <string>

namespace prefixlab {

enum class GridCaption { warps, indices, threads, input, output, error };
inline constexpr GridCaption kGridCaptions[] = {GridCaption::warps,   GridCaption::indices,
                                                GridCaption::threads, GridCaption::input,
                                                GridCaption::output,  GridCaption::error};

std::string grid_caption(GridCaption caption, const ValueGridModel& model, bool compact);

// "  7  iteration 3, offset 4: read partner": step numbers right-aligned so the labels line up.
std::string step_row_label(int step, int steps, const StepTag& tag);

} // namespace prefixlab
