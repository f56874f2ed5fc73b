// What draw_plot() needs from a drawing surface. Coordinates are in the surface's units (pixels on
// screen and in PNG, points in SVG/PDF), y downwards, origin at the surface's top left.
// Implementations: ImGuiPlotPainter (app/gui/render/), CairoPainter (PNG, PDF) and SvgPainter (SVG).
#pragma once

#include "core/plot/plot.hpp"

#include <string_view>
#include <vector>

namespace prefixlab {

struct Vec2f {
    float x = 0, y = 0;
};

enum class TextAnchor { left, centre, right };     // horizontal: where `at` is on the text
enum class TextBaseline { top, middle, bottom };   // vertical: where `at` is on the text

class PlotPainter {
public:
    virtual ~PlotPainter() = default;

    virtual void fill_rect(Vec2f min, Vec2f max, Rgba colour) = 0;
    virtual void stroke_rect(Vec2f min, Vec2f max, Rgba colour, float width) = 0;
    virtual void line(Vec2f from, Vec2f to, Rgba colour, float width, bool dashed) = 0;
    virtual void polyline(const std::vector<Vec2f>& points, Rgba colour, float width, bool dashed) = 0;
    virtual void marker(Vec2f centre, float radius, MarkerShape shape, Rgba colour) = 0;
    // `size` is the font's pixel (point) height; the font is DejaVu Sans on every surface.
    virtual void text(Vec2f at, std::string_view text, float size, Rgba colour, TextAnchor anchor,
                      TextBaseline baseline) = 0;
    virtual Vec2f text_size(std::string_view text, float size) = 0;
    // Drawing outside the rectangle is clipped until pop_clip(); clips nest.
    virtual void push_clip(Vec2f min, Vec2f max) = 0;
    virtual void pop_clip() = 0;
};

} // namespace prefixlab
