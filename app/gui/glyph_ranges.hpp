// The characters PrefixLab's fonts are built with (Dear ImGui draws any other as '?'): one list for the
// font atlas (imgui_layer.cpp) and for the test that every text the narration writes is in it.
#pragma once

#include <cstdint>

namespace prefixlab {

// Pairs of first and last code points, closed, ending with 0 (Dear ImGui's glyph-range format).
const std::uint16_t* glyph_ranges();

bool has_glyph(char32_t code_point);

} // namespace prefixlab
