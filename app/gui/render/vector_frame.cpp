#include "gui/render/vector_frame.hpp"

#include "gui/colour_map.hpp"
#include "gui/layout/layout_check.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace prefixlab::render {

namespace {

bool g_vector_frame = false;

// A quad with no anti-aliasing fringe, whatever the style says: the corners in order, at the font
// atlas's white pixel, so the SVG export reads it as a solid shape of exactly this outline.
void add_solid_quad(ImDrawList* list, ImVec2 a, ImVec2 b, ImVec2 c, ImVec2 d, ImU32 colour) {
    const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
    list->PrimReserve(6, 4);
    list->PrimQuadUV(a, b, c, d, uv, uv, uv, uv, colour);
}

bool outside(ImVec2 lo, ImVec2 hi, ImVec2 clip_lo, ImVec2 clip_hi) {
    return hi.x < clip_lo.x || hi.y < clip_lo.y || lo.x > clip_hi.x || lo.y > clip_hi.y;
}

} // namespace

// A checked frame is one too: the layout check measures each text's contrast against the shapes under it
// (gui/layout/text_contrast.hpp), which must be in the draw data.
bool vector_frame() { return g_vector_frame || layout::checking(); }
void set_vector_frame(bool on) { g_vector_frame = on; }

void add_vector_quads(ImDrawList* list, const std::vector<QuadInstance>& quads, const ShapeTransform& t) {
    const ImVec2 clip_lo = list->GetClipRectMin(), clip_hi = list->GetClipRectMax();
    const float half_min = 0.5f * t.min_pixels;
    for (const QuadInstance& q : quads) {
        const float x0 = t.offset_x + q.x0 * t.scale_x, x1 = t.offset_x + q.x1 * t.scale_x;
        const float y0 = t.offset_y + q.y0 * t.scale_y, y1 = t.offset_y + q.y1 * t.scale_y;
        const float cx = 0.5f * (x0 + x1), cy = 0.5f * (y0 + y1);
        const float hx = std::max(0.5f * (x1 - x0), half_min), hy = std::max(0.5f * (y1 - y0), half_min);
        const ImVec2 lo(cx - hx, cy - hy), hi(cx + hx, cy + hy);
        if (!outside(lo, hi, clip_lo, clip_hi))
            add_solid_quad(list, lo, ImVec2(hi.x, lo.y), hi, ImVec2(lo.x, hi.y), q.rgba);
    }
}

void add_vector_lines(ImDrawList* list, const std::vector<LineInstance>& lines, const ShapeTransform& t) {
    const ImVec2 clip_lo = list->GetClipRectMin(), clip_hi = list->GetClipRectMax();
    for (const LineInstance& l : lines) {
        const ImVec2 a(t.offset_x + l.x0 * t.scale_x, t.offset_y + l.y0 * t.scale_y);
        const ImVec2 b(t.offset_x + l.x1 * t.scale_x, t.offset_y + l.y1 * t.scale_y);
        const float half = 0.5f * l.width_pixels;
        const ImVec2 lo(std::min(a.x, b.x) - half, std::min(a.y, b.y) - half);
        const ImVec2 hi(std::max(a.x, b.x) + half, std::max(a.y, b.y) + half);
        if (outside(lo, hi, clip_lo, clip_hi))
            continue;
        const float dx = b.x - a.x, dy = b.y - a.y, length = std::sqrt(dx * dx + dy * dy);
        const float ux = length > 1e-4f ? dx / length : 1.0f, uy = length > 1e-4f ? dy / length : 0.0f;
        const ImVec2 n(-uy * half, ux * half);
        add_solid_quad(list, ImVec2(a.x - n.x, a.y - n.y), ImVec2(b.x - n.x, b.y - n.y), ImVec2(b.x + n.x, b.y + n.y),
                       ImVec2(a.x + n.x, a.y + n.y), l.rgba);
    }
}

void add_vector_heatmap(ImDrawList* list, const std::vector<std::uint8_t>& counts, float x, float y, float width,
                        float height, int first_row, int row_count) {
    const ImVec2 clip_lo = list->GetClipRectMin(), clip_hi = list->GetClipRectMax();
    const float cell_w = width / 32, row_h = height / static_cast<float>(row_count);
    for (int r = 0; r < row_count; ++r) {
        const float y0 = y + static_cast<float>(r) * row_h, y1 = y0 + row_h;
        if (outside(ImVec2(x, y0), ImVec2(x + width, y1), clip_lo, clip_hi))
            continue;
        const std::uint8_t* row = counts.data() + static_cast<std::size_t>(first_row + r) * 32;
        for (int b = 0; b < 32;) {
            int end = b + 1;
            while (end < 32 && row[end] == row[b])
                ++end;
            const theme::Rgb c = conflict_colour(std::min<int>(row[b], kMaxConflictDegree));
            list->AddRectFilled(ImVec2(x + static_cast<float>(b) * cell_w, y0), ImVec2(x + static_cast<float>(end) * cell_w, y1),
                                theme::packed(c));
            b = end;
        }
    }
}

} // namespace prefixlab::render
