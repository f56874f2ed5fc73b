#include "gui/export/svg_text_runs.hpp"

#include "core/plot/plot_shapes.hpp"
#include "core/plot/svg_painter.hpp"
#include "core/util/utf8.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace prefixlab {

namespace {

constexpr float kTolerancePixels = 0.5f; // RenderText floors only its start; glyphs advance in floats

float space_advance(const ImFont& font) {
    const ImFontGlyph* space = font.FindGlyphNoFallback(' ');
    return space != nullptr ? space->AdvanceX : font.FallbackAdvanceX;
}

} // namespace

double svg_font_size(float pixel_height) {
    // Dear ImGui (stb_truetype's ScaleForPixelHeight) sizes a font by ascent minus descent; SVG's
    // font-size is the em, 1/1.164 of that for DejaVu Sans and Sans Mono (the plots' FontMetrics).
    return FontMetrics{}.em_for_pixel_height(pixel_height);
}

std::string svg_paint(const char* property, std::uint32_t colour) {
    std::string out = std::string(" ") + property + "=\"rgb(" + std::to_string(colour & 0xff) + "," +
                      std::to_string(colour >> 8 & 0xff) + "," + std::to_string(colour >> 16 & 0xff) + ")\"";
    if (const unsigned alpha = colour >> 24; alpha < 255)
        out += std::string(" ") + property + "-opacity=\"" + svg_number(alpha / 255.0) + "\"";
    return out;
}

std::optional<PlacedGlyph> place_glyph(const AtlasGlyph& glyph, float x0, float y0, float x1, float y1, float u0,
                                       float v0, float u1, float v1, std::uint32_t colour) {
    const ImFontGlyph& g = *glyph.glyph;
    if (u1 <= u0 || v1 <= v0 || g.X1 <= g.X0 || g.Y1 <= g.Y0)
        return std::nullopt;
    // A clipped quad shows part of the glyph with its UVs cut in proportion: extend it to the whole.
    const float per_u = (x1 - x0) / (u1 - u0), per_v = (y1 - y0) / (v1 - v0);
    const float whole_x0 = x0 - (u0 - g.U0) * per_u, whole_x1 = x0 + (g.U1 - u0) * per_u;
    const float whole_y0 = y0 - (v0 - g.V0) * per_v;
    const float scale = (whole_x1 - whole_x0) / (g.X1 - g.X0);
    if (!(scale > 0) || !std::isfinite(scale))
        return std::nullopt;
    PlacedGlyph placed;
    placed.glyph = glyph;
    placed.scale = scale;
    placed.pen_x = whole_x0 - g.X0 * scale;
    // The atlas bakes the rounded ascent into every glyph's Y0 (ImFontAtlasBuildWithStbTruetype).
    placed.baseline = whole_y0 - g.Y0 * scale + std::round(glyph.font->Ascent) * scale;
    placed.colour = colour;
    return placed;
}

bool SvgTextRuns::continues(const PlacedGlyph& g, int& spaces) const {
    spaces = 0;
    if (!open_ || g.glyph.font != first_.glyph.font || g.colour != first_.colour ||
        std::abs(g.scale - first_.scale) > 1e-3f * first_.scale || std::abs(g.baseline - first_.baseline) > kTolerancePixels)
        return false;
    const float gap = g.pen_x - next_pen_x_;
    if (std::abs(gap) <= kTolerancePixels)
        return true;
    const float space = space_advance(*g.glyph.font) * g.scale;
    if (gap <= 0 || space <= 0)
        return false;
    const float k = std::round(gap / space);
    if (k < 1 || k > kMaxSpaces || std::abs(gap - k * space) > kTolerancePixels)
        return false;
    spaces = static_cast<int>(k);
    return true;
}

void SvgTextRuns::add(const PlacedGlyph& glyph, std::string& out) {
    int spaces = 0;
    if (!continues(glyph, spaces)) {
        flush(out);
        open_ = true;
        first_ = glyph;
        text_.clear();
    }
    text_.append(static_cast<std::size_t>(spaces), ' ');
    append_utf8(text_, glyph.glyph.glyph->Codepoint);
    next_pen_x_ = glyph.pen_x + glyph.glyph.glyph->AdvanceX * glyph.scale;
}

void SvgTextRuns::flush(std::string& out) {
    if (!open_)
        return;
    open_ = false;
    const bool mono = std::find(mono_.begin(), mono_.end(), first_.glyph.font) != mono_.end();
    out += "<text x=\"" + svg_number(first_.pen_x) + "\" y=\"" + svg_number(first_.baseline) + "\" font-size=\"" +
           svg_number(svg_font_size(first_.glyph.font->FontSize * first_.scale)) + "\"" + svg_paint("fill", first_.colour) +
           (mono ? " font-family=\"DejaVu Sans Mono, monospace\">" : " font-family=\"DejaVu Sans, sans-serif\">") +
           xml_escaped(text_) + "</text>\n";
    ++written_;
}

} // namespace prefixlab
