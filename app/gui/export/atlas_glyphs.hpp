// Which glyph a textured quad of a Dear ImGui frame shows: every glyph of every font in the atlas
// (ImFontGlyph U0,V0..U1,V1), looked up by a point of the font texture. Glyphs are packed in the
// atlas without overlap, so a quad's UV centre lies in at most one glyph, also where Dear ImGui cut
// the quad at a clip rectangle (it then shrinks the UVs with it). The SVG export
// (svg_from_draw_data.hpp) uses it to turn glyph quads back into characters.
#pragma once

#include <vector>

struct ImFont;
struct ImFontAtlas;
struct ImFontGlyph;
struct ImVec2;

namespace prefixlab {

struct AtlasGlyph {
    const ImFont* font = nullptr;
    const ImFontGlyph* glyph = nullptr;
};

class AtlasGlyphs {
public:
    // The atlas must be built (its texture exists) and outlive this lookup.
    explicit AtlasGlyphs(const ImFontAtlas& atlas);

    // The visible glyph whose UV rectangle holds `uv`, or {} (the white pixel, the baked lines, a
    // point between glyphs).
    AtlasGlyph at(ImVec2 uv) const;

private:
    // Glyphs by band of texture rows (kBandRows each), so a lookup scans one band's few dozen.
    static constexpr int kBandRows = 16;
    int band_of(float v) const;

    float height_ = 1; // texture height in texels
    std::vector<std::vector<AtlasGlyph>> bands_;
};

} // namespace prefixlab
