// A frame's draw data as a VectorPicture (core/plot/vector_picture.hpp), through the one reading of draw
// data (draw_data_walk.hpp): the lesson handout's key frames. Consecutive glyphs of one font, size and
// colour on one baseline, each where the one before left the pen, are one text run; a gap of up to four
// space advances between two is that many spaces (as the SVG export's runs, svg_text_runs.hpp).
#pragma once

#include "core/plot/vector_picture.hpp"

#include <cstdint>
#include <vector>

struct ImDrawData;
struct ImFont;
struct ImFontAtlas;

namespace prefixlab {

// `mono`: the fonts whose text is set in the monospace face; `background`: the colour under everything.
VectorPicture picture_from_draw_data(const ImDrawData& data, const ImFontAtlas& atlas,
                                     const std::vector<const ImFont*>& mono, std::uint32_t background);

} // namespace prefixlab
