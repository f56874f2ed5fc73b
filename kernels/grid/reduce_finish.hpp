// How a multi-block reduction finishes once every block has its tile's total (kernels/grid/
// grid_reduce_plan.hpp runs each): chosen at run time, named in commands by app/core/ground/kernel_names.
//
//   recursive   reduce the totals again with the same kernel, level by level, until one tile is left
//   atomic      every block combines its total atomically into one word
//   cpu         the host reads the totals back and combines them
#pragma once

#include <cstdint>

namespace prefixlab {

enum class ReduceFinish : std::uint8_t { recursive, atomic, cpu };

} // namespace prefixlab
