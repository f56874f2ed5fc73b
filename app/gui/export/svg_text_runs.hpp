// Glyph quads of a Dear ImGui frame turned back into text for the SVG export: each glyph is placed
// where ImFont::RenderText put its pen (x), its baseline and its scale, from the quad and the glyph's
// own metrics; consecutive glyphs of one font, colour and size on one baseline, each starting where
// the one before advanced the pen, are one run, written as one <text> element, so a label stays one
// editable piece of text. Spaces have no quad: a gap of k space advances (k <= kMaxSpaces) between
// two glyphs becomes k spaces; a larger gap starts a new run (two labels side by side).
#pragma once

#include "gui/export/atlas_glyphs.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct ImFont;

namespace prefixlab {

struct PlacedGlyph {
    AtlasGlyph glyph;
    float pen_x = 0;    // where RenderText's pen stood before this glyph
    float baseline = 0; // line top + the font's ascent, scaled
    float scale = 1;    // the drawn size over the font's size
    std::uint32_t colour = 0;
};

// The glyph a quad with screen corners (x0, y0)–(x1, y1) and texture corners (u0, v0)–(u1, v1) shows,
// placed; std::nullopt when the quad is no whole or clipped piece of `glyph`.
std::optional<PlacedGlyph> place_glyph(const AtlasGlyph& glyph, float x0, float y0, float x1, float y1, float u0,
                                       float v0, float u1, float v1, std::uint32_t colour);

class SvgTextRuns {
public:
    static constexpr int kMaxSpaces = 4;

    // `mono`: the fonts (the monospace font's sizes) whose runs go out in a monospace family.
    explicit SvgTextRuns(std::vector<const ImFont*> mono) : mono_(std::move(mono)) {}

    // Appends the glyph to the open run, or writes that run into `out` and opens a new one.
    void add(const PlacedGlyph& glyph, std::string& out);
    // Writes the open run, if any, into `out` (before anything else is drawn over it).
    void flush(std::string& out);
    int written() const { return written_; }

private:
    bool continues(const PlacedGlyph& glyph, int& spaces) const;

    std::vector<const ImFont*> mono_;
    bool open_ = false;
    PlacedGlyph first_;
    float next_pen_x_ = 0;
    std::string text_; // UTF-8
    int written_ = 0;
};

// The SVG font-size (the em) of DejaVu text that Dear ImGui draws `pixel_height` high.
double svg_font_size(float pixel_height);

// The colour attribute pair as the SVG files write it: property="rgb(r,g,b)" and, below full
// opacity, property-opacity (ImU32 as Dear ImGui packs it, red in the low byte).
std::string svg_paint(const char* property, std::uint32_t colour);

} // namespace prefixlab
