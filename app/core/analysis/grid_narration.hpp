// One sentence per grid step (grid_steps.hpp), with the trace's own numbers, for the narration strip
// under the grid views: "Step 2 — publish and look back: 7 tiles read 1.4 predecessors on average;
// tile 5 waited 3 polls for tile 4's status word".
#pragma once

#include "core/analysis/grid_steps.hpp"
#include "core/analysis/look_back.hpp"

#include <string>
#include <vector>

namespace prefixlab {

std::vector<std::string> narrate_grid_steps(const GridTrace& trace, const GridSteps& steps,
                                            const std::vector<TileLookBack>& look_backs);

} // namespace prefixlab
