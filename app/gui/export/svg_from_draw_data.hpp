// The view as SVG with real text (issue 12): a frame's ImDrawData written as SVG 1.1, with no
// drawing code per view. Drawn in the vector frame (render/vector_frame.hpp), the frame holds
// everything the views show as Dear ImGui triangles; this walks its draw lists and commands in order
// (paint order), each command clipped to its clip rectangle (<clipPath>), and writes:
// - glyph quads (UVs inside a glyph of the font atlas, atlas_glyphs.hpp) as <text> runs with their
//   characters (svg_text_runs.hpp), so slide software can edit the labels;
// - solid triangles (the atlas's white pixel or baked lines) as shapes: a quad that is an axis-aligned
//   rectangle as a <rect>, the rest as polygons, consecutive ones of one colour merged into one <path>;
// - nothing for a texture other than the atlas (an image: a cached plot's picture) or a draw
//   callback (a GL helper outside the vector frame): those are counted, and the count is written in a
//   comment, never dropped silently.
// Coordinates are the window's pixels (viewBox = the display); colours keep their opacity.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

struct ImDrawData;
struct ImFont;
struct ImFontAtlas;

namespace prefixlab {

struct DrawDataSvg {
    std::string document;
    int texts = 0, rects = 0, paths = 0;
    int skipped_images = 0;    // draw commands with a texture other than the font atlas
    int skipped_callbacks = 0; // draw callbacks other than ImDrawCallback_ResetRenderState
};

// `background`: the colour the window is cleared to (under every draw list); `mono`: the fonts (the
// monospace font's sizes) whose text goes out in a monospace family (DejaVu Sans Mono), the rest in
// DejaVu Sans as the plots' SVGs.
DrawDataSvg svg_from_draw_data(const ImDrawData& data, const ImFontAtlas& atlas, std::vector<const ImFont*> mono,
                               std::uint32_t background);

} // namespace prefixlab
