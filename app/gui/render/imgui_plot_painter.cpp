#include "gui/render/imgui_plot_painter.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace prefixlab {

namespace {

ImU32 packed(Rgba c) {
    const auto byte = [](float v) { return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255)); };
    return IM_COL32(byte(c.r), byte(c.g), byte(c.b), byte(c.a));
}

ImVec2 im(Vec2f v) { return ImVec2(v.x, v.y); }

// Dashes as Cairo draws them in the exports: on and off in proportion to the line width. The k-th dash
// starts at k periods minus the phase carried from the previous segment: computed, not accumulated, so
// float rounding can never leave a step of zero (which once looped for ever, adding empty lines).
void dashed_segment(ImDrawList* list, Vec2f a, Vec2f b, ImU32 colour, float width, float& phase) {
    const float dash = 4 * width, gap = 2.5f * width, period = dash + gap;
    const float dx = b.x - a.x, dy = b.y - a.y;
    const float length = std::sqrt(dx * dx + dy * dy);
    if (!(length > 0) || !std::isfinite(length))
        return;
    const auto at = [&](float t) { return ImVec2(a.x + dx * t / length, a.y + dy * t / length); };
    if (!(period > 0) || length / period > 100000) { // no width, or dashes finer than pixels: solid
        list->AddLine(at(0), at(length), colour, width);
        return;
    }
    const float first = -phase;
    const int dashes = static_cast<int>(std::ceil((length - first) / period));
    for (int k = 0; k < dashes; ++k) {
        const float start = std::max(0.0f, first + k * period), end = std::min(length, first + k * period + dash);
        if (end > start)
            list->AddLine(at(start), at(end), colour, width);
    }
    phase = std::fmod(phase + length, period);
}

} // namespace

void ImGuiPlotPainter::fill_rect(Vec2f min, Vec2f max, Rgba colour) {
    list_->AddRectFilled(im(min), im(max), packed(colour));
}

void ImGuiPlotPainter::stroke_rect(Vec2f min, Vec2f max, Rgba colour, float width) {
    list_->AddRect(im(min), im(max), packed(colour), 0, 0, width);
}

void ImGuiPlotPainter::line(Vec2f from, Vec2f to, Rgba colour, float width, bool dashed) {
    if (!dashed) {
        list_->AddLine(im(from), im(to), packed(colour), width);
        return;
    }
    float phase = 0;
    dashed_segment(list_, from, to, packed(colour), width, phase);
}

void ImGuiPlotPainter::polyline(const std::vector<Vec2f>& points, Rgba colour, float width, bool dashed) {
    if (points.size() < 2)
        return;
    if (!dashed) {
        std::vector<ImVec2> path(points.size());
        std::transform(points.begin(), points.end(), path.begin(), im);
        list_->AddPolyline(path.data(), static_cast<int>(path.size()), packed(colour), ImDrawFlags_None, width);
        return;
    }
    float phase = 0;
    for (std::size_t i = 1; i < points.size(); ++i)
        dashed_segment(list_, points[i - 1], points[i], packed(colour), width, phase);
}

void ImGuiPlotPainter::marker(Vec2f c, float r, MarkerShape shape, Rgba colour) {
    const ImU32 fill = packed(colour);
    switch (shape) {
    case MarkerShape::circle:
        list_->AddCircleFilled(im(c), r, fill, 16);
        break;
    case MarkerShape::square:
        list_->AddRectFilled(ImVec2(c.x - r * 0.9f, c.y - r * 0.9f), ImVec2(c.x + r * 0.9f, c.y + r * 0.9f), fill);
        break;
    case MarkerShape::triangle:
        list_->AddTriangleFilled(ImVec2(c.x, c.y - r * 1.15f), ImVec2(c.x + r, c.y + r * 0.75f),
                                 ImVec2(c.x - r, c.y + r * 0.75f), fill);
        break;
    case MarkerShape::diamond:
        list_->AddQuadFilled(ImVec2(c.x, c.y - r * 1.2f), ImVec2(c.x + r * 1.2f, c.y), ImVec2(c.x, c.y + r * 1.2f),
                             ImVec2(c.x - r * 1.2f, c.y), fill);
        break;
    case MarkerShape::cross:
        list_->AddLine(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), fill, r * 0.6f);
        list_->AddLine(ImVec2(c.x - r, c.y + r), ImVec2(c.x + r, c.y - r), fill, r * 0.6f);
        break;
    }
}

void ImGuiPlotPainter::text(Vec2f at, std::string_view text, float size, Rgba colour, TextAnchor anchor,
                            TextBaseline baseline) {
    const Vec2f extent = text_size(text, size);
    float x = at.x, y = at.y;
    if (anchor == TextAnchor::centre)
        x -= extent.x / 2;
    else if (anchor == TextAnchor::right)
        x -= extent.x;
    if (baseline == TextBaseline::middle)
        y -= extent.y / 2;
    else if (baseline == TextBaseline::bottom)
        y -= extent.y;
    list_->AddText(font_, size, ImVec2(std::round(x), std::round(y)), packed(colour), text.data(),
                   text.data() + text.size());
}

Vec2f ImGuiPlotPainter::text_size(std::string_view text, float size) {
    const ImVec2 extent = font_->CalcTextSizeA(size, 1e9f, 0, text.data(), text.data() + text.size());
    return {extent.x, extent.y};
}

void ImGuiPlotPainter::push_clip(Vec2f min, Vec2f max) { list_->PushClipRect(im(min), im(max), true); }

void ImGuiPlotPainter::pop_clip() { list_->PopClipRect(); }

} // namespace prefixlab
