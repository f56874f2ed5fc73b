// A Dear ImGui frame's draw data as shapes and glyphs, in paint order: the one reading of ImDrawData that
// the vector exports share (the SVG of the view, svg_from_draw_data.hpp; the lesson handout's PDF pages,
// cairo_from_draw_data.hpp). Drawn in the vector frame (render/vector_frame.hpp), a frame holds what the
// views show as triangles; this walks its lists and commands and tells a sink:
// - the clip rectangle of each command (already cut to the display);
// - a quad that is an axis-aligned rectangle of one colour, as a rectangle;
// - a glyph quad (its UVs inside a glyph of the font atlas) as that glyph, placed (svg_text_runs.hpp);
// - any other solid triangle or quad as a polygon. Anti-aliasing fringes (a fully transparent corner) are
//   left out; a gradient takes its mean colour;
// - nothing for a texture other than the atlas (an image) or a draw callback: those are counted.
#pragma once

#include "gui/export/svg_text_runs.hpp"

#include <cstdint>

struct ImDrawData;
struct ImDrawVert;
struct ImFontAtlas;

namespace prefixlab {

struct DrawClip {
    float x0, y0, x1, y1;
};

class DrawDataSink {
public:
    virtual ~DrawDataSink() = default;
    virtual void clip(const DrawClip& clip) = 0;
    virtual void rect(float x0, float y0, float x1, float y1, std::uint32_t colour) = 0;
    virtual void polygon(const ImDrawVert* const* corners, int count, std::uint32_t colour) = 0;
    virtual void glyph(const PlacedGlyph& glyph) = 0;
    // After each draw command: a run of text never spans two (another clip, another list).
    virtual void end_command() {}
};

struct DrawDataSkips {
    int images = 0;    // draw commands with a texture other than the font atlas
    int callbacks = 0; // draw callbacks other than ImDrawCallback_ResetRenderState
};

DrawDataSkips walk_draw_data(const ImDrawData& data, const ImFontAtlas& atlas, DrawDataSink& sink);

} // namespace prefixlab
