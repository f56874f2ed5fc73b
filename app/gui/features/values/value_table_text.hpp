// The Values table's words: row labels and the captions of the header and global rows, full and short
// (the short ones when the full labels would take too much of a narrow window or a large scale).
#pragma once

#include "core/analysis/value_table_model.hpp"

#include <string>

namespace prefixlab {

enum class TableCaption { warps, indices, threads, input, output, error };
inline constexpr TableCaption kTableCaptions[] = {TableCaption::warps,   TableCaption::indices,
                                                  TableCaption::threads, TableCaption::input,
                                                  TableCaption::output,  TableCaption::error};

std::string table_caption(TableCaption caption, const ValueTableModel& model, bool compact);

// "  7  iteration 3, offset 4: read partner": step numbers right-aligned so the labels line up.
std::string step_row_label(int step, int steps, const StepTag& tag);

} // namespace prefixlab
