#include "gui/export/svg_from_draw_data.hpp"

#include "core/plot/svg_painter.hpp"
#include "gui/export/atlas_glyphs.hpp"
#include "gui/export/svg_text_runs.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <imgui.h>
#include <map>
#include <optional>
#include <tuple>
#include <utility>

namespace prefixlab {

namespace {

constexpr float kSamePixel = 1e-3f;

struct Clip {
    float x0, y0, x1, y1;
    auto key() const { return std::make_tuple(x0, y0, x1, y1); }
};

// The elements of one frame in paint order; shapes of one colour in a row share a <path>.
class SvgWriter {
public:
    SvgWriter(const ImDrawData& data, const ImFontAtlas& atlas, std::vector<const ImFont*> mono)
        : glyphs_(atlas), text_(std::move(mono)), atlas_texture_(atlas.TexID), display_{data.DisplayPos.x, data.DisplayPos.y,
                                                data.DisplayPos.x + data.DisplaySize.x, data.DisplayPos.y + data.DisplaySize.y} {}

    void command(const ImDrawList& list, const ImDrawCmd& cmd, DrawDataSvg& result);
    std::string finish(const ImDrawData& data, std::uint32_t background, DrawDataSvg& result);

private:
    void set_clip(const Clip& clip);
    void quad(const std::array<const ImDrawVert*, 4>& v);
    void polygon(const ImDrawVert* const* v, int count, std::uint32_t colour);
    void rect(float x0, float y0, float x1, float y1, std::uint32_t colour);
    void flush_path();
    void flush_all() {
        text_.flush(body_);
        flush_path();
    }

    AtlasGlyphs glyphs_;
    SvgTextRuns text_;
    ImTextureID atlas_texture_;
    Clip display_;
    std::string body_;
    std::map<std::tuple<float, float, float, float>, int> clip_ids_;
    bool group_open_ = false;
    std::tuple<float, float, float, float> group_clip_{};
    std::string path_; // the open <path>'s d
    std::uint32_t path_colour_ = 0;
    int rects_ = 0, paths_ = 0;
};

bool same(float a, float b) { return std::abs(a - b) <= kSamePixel; }

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

void SvgWriter::set_clip(const Clip& wanted) {
    const Clip clip{std::max(wanted.x0, display_.x0), std::max(wanted.y0, display_.y0), std::min(wanted.x1, display_.x1),
                    std::min(wanted.y1, display_.y1)};
    const bool whole = same(clip.x0, display_.x0) && same(clip.y0, display_.y0) && same(clip.x1, display_.x1) &&
                       same(clip.y1, display_.y1);
    if (group_open_ && !whole && clip.key() == group_clip_)
        return;
    if (!group_open_ && whole)
        return;
    flush_all();
    if (group_open_)
        body_ += "</g>\n";
    group_open_ = !whole;
    if (whole)
        return;
    group_clip_ = clip.key();
    auto [it, added] = clip_ids_.try_emplace(clip.key(), static_cast<int>(clip_ids_.size()) + 1);
    const std::string id = "c" + std::to_string(it->second);
    if (added)
        body_ += "<clipPath id=\"" + id + "\"><rect x=\"" + svg_number(clip.x0) + "\" y=\"" + svg_number(clip.y0) +
                 "\" width=\"" + svg_number(clip.x1 - clip.x0) + "\" height=\"" + svg_number(clip.y1 - clip.y0) +
                 "\"/></clipPath>\n";
    body_ += "<g clip-path=\"url(#" + id + ")\">\n";
}

void SvgWriter::rect(float x0, float y0, float x1, float y1, std::uint32_t colour) {
    if (x1 - x0 <= 0 || y1 - y0 <= 0)
        return;
    flush_all();
    body_ += "<rect x=\"" + svg_number(x0) + "\" y=\"" + svg_number(y0) + "\" width=\"" + svg_number(x1 - x0) +
             "\" height=\"" + svg_number(y1 - y0) + "\"" + svg_paint("fill", colour) + "/>\n";
    ++rects_;
}

void SvgWriter::polygon(const ImDrawVert* const* v, int count, std::uint32_t colour) {
    text_.flush(body_);
    if (!path_.empty() && colour != path_colour_)
        flush_path();
    path_colour_ = colour;
    // Every outline turns the same way, so that under the nonzero rule overlapping pieces of one path
    // (the joints of a polyline) stay filled instead of cancelling.
    float area = 0;
    for (int i = 0; i < count; ++i) {
        const ImVec2 a = v[i]->pos, b = v[(i + 1) % count]->pos;
        area += a.x * b.y - b.x * a.y;
    }
    for (int k = 0; k < count; ++k) {
        const ImVec2 p = v[area < 0 ? count - 1 - k : k]->pos;
        path_ += k == 0 ? "M" : " ";
        path_ += svg_number(p.x) + "," + svg_number(p.y);
    }
    path_ += "Z";
}

void SvgWriter::flush_path() {
    if (path_.empty())
        return;
    body_ += "<path d=\"" + path_ + "\"" + svg_paint("fill", path_colour_) + "/>\n";
    path_.clear();
    ++paths_;
}

void SvgWriter::quad(const std::array<const ImDrawVert*, 4>& v) {
    const std::optional<std::uint32_t> colour = solid_colour(v.data(), 4);
    if (!colour)
        return;
    if (!axis_aligned(v)) {
        polygon(v.data(), 4, *colour);
        return;
    }
    const float x0 = std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}), x1 = std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x});
    const float y0 = std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}), y1 = std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y});
    const float u0 = std::min({v[0]->uv.x, v[1]->uv.x, v[2]->uv.x}), u1 = std::max({v[0]->uv.x, v[1]->uv.x, v[2]->uv.x});
    const float t0 = std::min({v[0]->uv.y, v[1]->uv.y, v[2]->uv.y}), t1 = std::max({v[0]->uv.y, v[1]->uv.y, v[2]->uv.y});
    if (const AtlasGlyph glyph = glyphs_.at(ImVec2((u0 + u1) / 2, (t0 + t1) / 2)); glyph.glyph != nullptr) {
        if (const std::optional<PlacedGlyph> placed = place_glyph(glyph, x0, y0, x1, y1, u0, t0, u1, t1, *colour)) {
            flush_path();
            text_.add(*placed, body_);
        }
        return;
    }
    rect(x0, y0, x1, y1, *colour);
}

void SvgWriter::command(const ImDrawList& list, const ImDrawCmd& cmd, DrawDataSvg& result) {
    if (cmd.UserCallback != nullptr) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState)
            ++result.skipped_callbacks;
        return;
    }
    if (cmd.ClipRect.z <= cmd.ClipRect.x || cmd.ClipRect.w <= cmd.ClipRect.y || cmd.ElemCount == 0)
        return;
    if (cmd.TextureId != atlas_texture_) {
        ++result.skipped_images;
        return;
    }
    set_clip({cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w});
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
            polygon(corners, 3, *colour);
    }
    text_.flush(body_); // a run never spans two commands (another clip, another list)
}

std::string SvgWriter::finish(const ImDrawData& data, std::uint32_t background, DrawDataSvg& result) {
    flush_all();
    if (group_open_)
        body_ += "</g>\n";
    result.texts = text_.written();
    result.rects = rects_;
    result.paths = paths_;
    const std::string w = svg_number(data.DisplaySize.x), h = svg_number(data.DisplaySize.y);
    // xml:space="preserve": a run's spaces are the gaps between its words and must not collapse.
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + w + "\" height=\"" + h +
                      "\" viewBox=\"" + svg_number(data.DisplayPos.x) + " " + svg_number(data.DisplayPos.y) + " " + w +
                      " " + h + "\" xml:space=\"preserve\">\n"
                      "<!-- PrefixLab: the view as drawn, text as <text> in DejaVu Sans (Mono), sizes in window pixels -->\n";
    if (result.skipped_images > 0 || result.skipped_callbacks > 0)
        out += "<!-- left out: " + std::to_string(result.skipped_images) + " image(s) (textures other than the font atlas), " +
               std::to_string(result.skipped_callbacks) + " draw callback(s) -->\n";
    out += "<rect x=\"" + svg_number(data.DisplayPos.x) + "\" y=\"" + svg_number(data.DisplayPos.y) + "\" width=\"" + w +
           "\" height=\"" + h + "\"" + svg_paint("fill", background | 0xff000000u) + "/>\n";
    out += body_;
    out += "</svg>\n";
    return out;
}

} // namespace

DrawDataSvg svg_from_draw_data(const ImDrawData& data, const ImFontAtlas& atlas, std::vector<const ImFont*> mono,
                               std::uint32_t background) {
    DrawDataSvg result;
    SvgWriter writer(data, atlas, std::move(mono));
    for (int l = 0; l < data.CmdListsCount; ++l)
        for (const ImDrawCmd& cmd : data.CmdLists[l]->CmdBuffer)
            writer.command(*data.CmdLists[l], cmd, result);
    result.document = writer.finish(data, background, result);
    return result;
}

} // namespace prefixlab
