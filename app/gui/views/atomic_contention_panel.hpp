// The contention of a step's atomics (core/analysis/atomic_contention.hpp) as the Banks tab (shared atomics)
// and the Global tab (global ones) show it: for each word its name, a bar as long as the lanes that meet there
// (against the busiest word's), and how many lanes from how many warps; the words side by side as the width allows.
#pragma once

#include "core/trace/trace.hpp"

#include <cstddef>

namespace prefixlab {

// Draws nothing, and returns false, where the step makes no atomic of that kind.
bool draw_atomic_contention(const Trace& trace, std::size_t step, bool shared, float width);
// The height it draws in (0 where it draws nothing): a view that fits itself to the window leaves it room.
float atomic_contention_height(const Trace& trace, std::size_t step, bool shared, float width);

} // namespace prefixlab
