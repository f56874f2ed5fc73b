#include "gui/layout/text_contrast.hpp"

#include "gui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace prefixlab::layout {

namespace {

constexpr float kBucket = 32;

// The barycentric weights of (px, py) in the triangle, or false when it lies outside.
bool weights(const float* x, const float* y, float px, float py, float w[3]) {
    const float area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
    if (std::fabs(area) < 1e-6f)
        return false;
    w[0] = ((x[1] - px) * (y[2] - py) - (x[2] - px) * (y[1] - py)) / area;
    w[1] = ((x[2] - px) * (y[0] - py) - (x[0] - px) * (y[2] - py)) / area;
    w[2] = 1 - w[0] - w[1];
    constexpr float kEdge = -1e-4f;
    return w[0] >= kEdge && w[1] >= kEdge && w[2] >= kEdge;
}

double channel(std::uint32_t colour, int shift) {
    return ((colour >> shift) & 0xFF) / 255.0;
}

} // namespace

double contrast_ratio(const Colour& a, const Colour& b) {
    const double la = theme::relative_luminance(a.r, a.g, a.b), lb = theme::relative_luminance(b.r, b.g, b.b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

BackgroundRaster::BackgroundRaster(const ImDrawData& frame, Colour clear) : clear_(clear) {
    const ImTextureID atlas = ImGui::GetIO().Fonts->TexID;
    x0_ = frame.DisplayPos.x, y0_ = frame.DisplayPos.y;
    columns_ = std::max(1, static_cast<int>(std::ceil(frame.DisplaySize.x / kBucket)));
    rows_ = std::max(1, static_cast<int>(std::ceil(frame.DisplaySize.y / kBucket)));
    buckets_.resize(static_cast<std::size_t>(columns_) * rows_);
    std::size_t place = 0;
    command_places_.resize(frame.CmdListsCount);
    for (int l = 0; l < frame.CmdListsCount; ++l) {
        const ImDrawList& list = *frame.CmdLists[l];
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            command_places_[l].push_back(place);
            if (cmd.UserCallback)
                continue;
            const bool image = cmd.TextureId != atlas;
            for (unsigned i = 0; i + 3 <= cmd.ElemCount; i += 3, ++place) {
                const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset + i;
                const ImDrawVert* v[3] = {list.VtxBuffer.Data + cmd.VtxOffset + idx[0],
                                          list.VtxBuffer.Data + cmd.VtxOffset + idx[1],
                                          list.VtxBuffer.Data + cmd.VtxOffset + idx[2]};
                // A solid shape samples one texel (the atlas's white pixel) at every corner; a glyph or an
                // antialiased line's texture spans texels, and is no background.
                const bool solid = v[0]->uv.x == v[1]->uv.x && v[1]->uv.x == v[2]->uv.x &&
                                   v[0]->uv.y == v[1]->uv.y && v[1]->uv.y == v[2]->uv.y;
                if (!image && !solid)
                    continue;
                Triangle t{};
                for (int k = 0; k < 3; ++k)
                    t.x[k] = v[k]->pos.x, t.y[k] = v[k]->pos.y, t.colour[k] = v[k]->col;
                t.clip[0] = cmd.ClipRect.x, t.clip[1] = cmd.ClipRect.y, t.clip[2] = cmd.ClipRect.z,
                t.clip[3] = cmd.ClipRect.w;
                t.place = place;
                t.image = image;
                const float bx0 = std::max({std::min({t.x[0], t.x[1], t.x[2]}), t.clip[0], x0_});
                const float by0 = std::max({std::min({t.y[0], t.y[1], t.y[2]}), t.clip[1], y0_});
                const float bx1 =
                    std::min({std::max({t.x[0], t.x[1], t.x[2]}), t.clip[2], x0_ + frame.DisplaySize.x});
                const float by1 =
                    std::min({std::max({t.y[0], t.y[1], t.y[2]}), t.clip[3], y0_ + frame.DisplaySize.y});
                if (bx1 <= bx0 || by1 <= by0)
                    continue;
                const auto index = static_cast<std::uint32_t>(triangles_.size());
                triangles_.push_back(t);
                const int c0 = std::clamp(static_cast<int>((bx0 - x0_) / kBucket), 0, columns_ - 1);
                const int c1 = std::clamp(static_cast<int>((bx1 - x0_) / kBucket), 0, columns_ - 1);
                const int r0 = std::clamp(static_cast<int>((by0 - y0_) / kBucket), 0, rows_ - 1);
                const int r1 = std::clamp(static_cast<int>((by1 - y0_) / kBucket), 0, rows_ - 1);
                for (int r = r0; r <= r1; ++r)
                    for (int c = c0; c <= c1; ++c)
                        buckets_[static_cast<std::size_t>(r) * columns_ + c].push_back(index);
            }
        }
    }
}

bool BackgroundRaster::colour_at(float x, float y, std::size_t place, Colour& out) const {
    out = clear_;
    const int c = static_cast<int>((x - x0_) / kBucket), r = static_cast<int>((y - y0_) / kBucket);
    if (x < x0_ || y < y0_ || c >= columns_ || r >= rows_)
        return false; // off the window: not seen
    for (const std::uint32_t index : buckets_[static_cast<std::size_t>(r) * columns_ + c]) {
        const Triangle& t = triangles_[index];
        if (t.place >= place)
            break; // in draw order: the rest are drawn later
        if (x < t.clip[0] || x >= t.clip[2] || y < t.clip[1] || y >= t.clip[3])
            continue;
        float w[3];
        if (!weights(t.x, t.y, x, y, w))
            continue;
        if (t.image)
            return false;
        double rgba[4] = {0, 0, 0, 0};
        for (int k = 0; k < 3; ++k)
            for (int ch = 0; ch < 4; ++ch)
                rgba[ch] += w[k] * channel(t.colour[k], 8 * ch);
        const double a = std::clamp(rgba[3], 0.0, 1.0);
        out.r = a * rgba[0] + (1 - a) * out.r;
        out.g = a * rgba[1] + (1 - a) * out.g;
        out.b = a * rgba[2] + (1 - a) * out.b;
    }
    return true;
}

} // namespace prefixlab::layout
