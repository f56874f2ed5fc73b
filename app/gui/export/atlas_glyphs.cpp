#include "gui/export/atlas_glyphs.hpp"

#include <algorithm>
#include <imgui.h>

namespace prefixlab {

AtlasGlyphs::AtlasGlyphs(const ImFontAtlas& atlas) : height_(static_cast<float>(std::max(1, atlas.TexHeight))) {
    bands_.resize(static_cast<std::size_t>(atlas.TexHeight / kBandRows + 1));
    for (const ImFont* font : atlas.Fonts)
        for (const ImFontGlyph& glyph : font->Glyphs) {
            if (!glyph.Visible)
                continue; // a space: it has no quad
            for (int band = band_of(glyph.V0); band <= band_of(glyph.V1); ++band)
                bands_[static_cast<std::size_t>(band)].push_back({font, &glyph});
        }
}

int AtlasGlyphs::band_of(float v) const {
    const int band = static_cast<int>(v * height_) / kBandRows;
    return std::clamp(band, 0, static_cast<int>(bands_.size()) - 1);
}

AtlasGlyph AtlasGlyphs::at(ImVec2 uv) const {
    for (const AtlasGlyph& candidate : bands_[static_cast<std::size_t>(band_of(uv.y))]) {
        const ImFontGlyph& g = *candidate.glyph;
        if (uv.x >= g.U0 && uv.x <= g.U1 && uv.y >= g.V0 && uv.y <= g.V1)
            return candidate;
    }
    return {};
}

} // namespace prefixlab
