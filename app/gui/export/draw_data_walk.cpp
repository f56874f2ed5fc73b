#include "gui/export/draw_data_walk.hpp"

#include "gui/export/atlas_glyphs.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <imgui.h>
#include <optional>

namespace prefixlab {

namespace {

constexpr float kSamePixel = 1e-3f;

bool same(float a, float b) {
    return std::abs(a - b) <= kSamePixel;
}

// Corners a, b, c, d in order form an axis-aligned rectangle (either orientation).
bool axis_aligned(const std::array<const ImDrawVert*, 4>& v) {
    const auto p = [&](int i) { return v[static_cast<std::size_t>(i)]->pos; };
    return (same(p(0).y, p(1).y) && same(p(1).x, p(2).x) && same(p(2).y, p(3).y) && same(p(3).x, p(0).x)) ||
           (same(p(0).x, p(1).x) && same(p(1).y, p(2).y) && same(p(2).x, p(3).x) && same(p(3).y, p(0).y));
}

// One colour for a shape: its vertices' when they agree; an anti-aliasing fringe (some vertex fully
// transparent) has none and is left out; a gradient (ImGui's colour pickers) takes the mean.
std::optional<std::uint32_t> solid_colour(const ImDrawVert* const* v, int count) {
    unsigned sum[4] = {0, 0, 0, 0};
    bool uniform = true;
    for (int i = 0; i < count; ++i) {
        if ((v[i]->col >> 24) == 0)
            return std::nullopt;
        uniform = uniform && v[i]->col == v[0]->col;
        for (int c = 0; c < 4; ++c)
            sum[c] += v[i]->col >> (8 * c) & 0xff;
    }
    if (uniform)
        return v[0]->col;
    std::uint32_t mean = 0;
    for (int c = 0; c < 4; ++c)
        mean |= (sum[c] / static_cast<unsigned>(count)) << (8 * c);
    return mean;
}

class Walker {
public:
    Walker(const ImDrawData& data, const ImFontAtlas& atlas, DrawDataSink& sink)
        : glyphs_(atlas), atlas_texture_(atlas.TexID),
          sink_(sink), display_{data.DisplayPos.x, data.DisplayPos.y, data.DisplayPos.x + data.DisplaySize.x,
                                data.DisplayPos.y + data.DisplaySize.y} {}

    void command(const ImDrawList& list, const ImDrawCmd& cmd, DrawDataSkips& skips) {
        if (cmd.UserCallback != nullptr) {
            if (cmd.UserCallback != ImDrawCallback_ResetRenderState)
                ++skips.callbacks;
            return;
        }
        if (cmd.ClipRect.z <= cmd.ClipRect.x || cmd.ClipRect.w <= cmd.ClipRect.y || cmd.ElemCount == 0)
            return;
        if (cmd.TextureId != atlas_texture_) {
            ++skips.images;
            return;
        }
        sink_.clip({std::max(cmd.ClipRect.x, display_.x0), std::max(cmd.ClipRect.y, display_.y0),
                    std::min(cmd.ClipRect.z, display_.x1), std::min(cmd.ClipRect.w, display_.y1)});
        const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
        const ImDrawVert* vtx = list.VtxBuffer.Data + cmd.VtxOffset;
        const unsigned triangles = cmd.ElemCount / 3;
        for (unsigned t = 0; t < triangles; ++t) {
            const ImDrawIdx* a = idx + 3 * t;
            // Two triangles (a, b, c), (a, c, d) are the quad a, b, c, d: how PrimRect, PrimQuadUV, glyphs,
            // polyline segments and the first of a convex fan are written.
            if (t + 1 < triangles && a[3] == a[0] && a[4] == a[2]) {
                quad({vtx + a[0], vtx + a[1], vtx + a[2], vtx + a[5]});
                ++t;
                continue;
            }
            const ImDrawVert* corners[3] = {vtx + a[0], vtx + a[1], vtx + a[2]};
            if (const std::optional<std::uint32_t> colour = solid_colour(corners, 3))
                sink_.polygon(corners, 3, *colour);
        }
        sink_.end_command();
    }

private:
    void quad(const std::array<const ImDrawVert*, 4>& v) {
        const std::optional<std::uint32_t> colour = solid_colour(v.data(), 4);
        if (!colour)
            return;
        if (!axis_aligned(v)) {
            sink_.polygon(v.data(), 4, *colour);
            return;
        }
        const float x0 = std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x});
        const float x1 = std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x});
        const float y0 = std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y});
        const float y1 = std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y});
        const float u0 = std::min({v[0]->uv.x, v[1]->uv.x, v[2]->uv.x}),
                    u1 = std::max({v[0]->uv.x, v[1]->uv.x, v[2]->uv.x});
        const float t0 = std::min({v[0]->uv.y, v[1]->uv.y, v[2]->uv.y}),
                    t1 = std::max({v[0]->uv.y, v[1]->uv.y, v[2]->uv.y});
        if (const AtlasGlyph glyph = glyphs_.at(ImVec2((u0 + u1) / 2, (t0 + t1) / 2));
            glyph.glyph != nullptr) {
            if (const std::optional<PlacedGlyph> placed =
                    place_glyph(glyph, x0, y0, x1, y1, u0, t0, u1, t1, *colour))
                sink_.glyph(*placed);
            return;
        }
        if (x1 - x0 > 0 && y1 - y0 > 0)
            sink_.rect(x0, y0, x1, y1, *colour);
    }

    AtlasGlyphs glyphs_;
    ImTextureID atlas_texture_;
    DrawDataSink& sink_;
    DrawClip display_;
};

} // namespace

DrawDataSkips walk_draw_data(const ImDrawData& data, const ImFontAtlas& atlas, DrawDataSink& sink) {
    DrawDataSkips skips;
    Walker walker(data, atlas, sink);
    for (int l = 0; l < data.CmdListsCount; ++l)
        for (const ImDrawCmd& cmd : data.CmdLists[l]->CmdBuffer)
            walker.command(*data.CmdLists[l], cmd, skips);
    return skips;
}

} // namespace prefixlab
