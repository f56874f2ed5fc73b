// The bank heatmap's colour scale: how many distinct words an instruction touches in one bank, from
// 1 (no conflict) to 32 (every lane in its own word of the same bank). One function defines it; the
// heatmap shader looks its colours up from a texture this fills, the legend and the GUI test use it
// directly, so they cannot disagree.
//
// The ramp is perceptually uniform: lightness rises linearly in Oklab (Ottosson 2020) from a dark
// violet-blue to a light yellow, with the hue turning through teal and green and never through red —
// readable in greyscale and with the common colour-vision deficiencies. Degrees are placed on a
// log2 scale, so 2-way and 4-way conflicts are as far apart as 16-way and 32-way.
#pragma once

#include "gui/theme.hpp"

#include <cstdint>

namespace prefixlab {

inline constexpr int kMaxConflictDegree = 32;

// 0: the bank is not touched by the instruction (the current theme's cell_unwritten, so it reads as
// empty on the dark and on the projector background); 1..32: distinct words in the bank.
theme::Rgb conflict_colour(int distinct_words);

// The divergence view's scale, on the same ramp but linear: a warp's active lanes of its `lanes`
// (0: idle, the theme's empty cell; all: the ramp's light end).
theme::Rgb activity_colour(std::uint32_t active, std::uint32_t lanes);

} // namespace prefixlab
