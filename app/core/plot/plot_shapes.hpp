// Geometry the file painters share (CairoPainter for PNG and PDF, SvgPainter for SVG): dash pattern,
// marker outlines and where a text's baseline lies. One definition each, so every format draws the
// same dashes, the same markers and puts text at the same height.
#pragma once

#include "core/plot/plot_painter.hpp"

#include <array>
#include <vector>

namespace prefixlab {

// Dash and gap lengths of a dashed line of this width. Dashes have butt caps: round caps would turn
// each dash into a pill.
inline std::array<float, 2> dash_pattern(float width) {
    return {4.0f * width, 2.5f * width};
}

// The outline of a filled marker: square, triangle or diamond; empty for the circle (of `radius`) and
// the cross (cross_marker()). Sizes chosen so the shapes look equally heavy: the square has the
// circle's area.
inline std::vector<Vec2f> marker_outline(Vec2f c, float r, MarkerShape shape) {
    switch (shape) {
    case MarkerShape::square: {
        const float h = 0.886f * r;
        return {{c.x - h, c.y - h}, {c.x + h, c.y - h}, {c.x + h, c.y + h}, {c.x - h, c.y + h}};
    }
    case MarkerShape::triangle:
        return {
            {c.x, c.y - 1.25f * r}, {c.x + 1.08f * r, c.y + 0.625f * r}, {c.x - 1.08f * r, c.y + 0.625f * r}};
    case MarkerShape::diamond:
        return {{c.x, c.y - 1.2f * r}, {c.x + 1.2f * r, c.y}, {c.x, c.y + 1.2f * r}, {c.x - 1.2f * r, c.y}};
    case MarkerShape::circle:
    case MarkerShape::cross:
        break;
    }
    return {};
}

// The cross marker: two strokes corner to corner, round-capped, `width` wide.
struct CrossMarker {
    std::array<Vec2f, 2> first, second;
    float width = 0;
};

inline CrossMarker cross_marker(Vec2f c, float r) {
    const float h = 0.95f * r;
    return {{Vec2f{c.x - h, c.y - h}, Vec2f{c.x + h, c.y + h}},
            {Vec2f{c.x - h, c.y + h}, Vec2f{c.x + h, c.y - h}},
            0.6f * r};
}

// DejaVu Sans's vertical extents in ems, as the measuring surface found them. A PlotPainter's text
// size is a pixel height, ascent + descent (as Dear ImGui sizes fonts), not an em.
struct FontMetrics {
    double ascent = 0.928; // DejaVu Sans's own (hhea 1901 and 483 of 2048 units), until measured
    double descent = 0.236;

    double em_for_pixel_height(double pixel_height) const { return pixel_height / (ascent + descent); }
};

// The baseline's y for a text placed at `y` under `baseline`, for a font whose ascent and descent
// (in the same units as y) are given: top puts the ascent at y, bottom the descent, middle centres
// ascent + descent on y.
inline double baseline_y(double y, TextBaseline baseline, double ascent, double descent) {
    switch (baseline) {
    case TextBaseline::top:
        return y + ascent;
    case TextBaseline::middle:
        return y + (ascent - descent) / 2;
    case TextBaseline::bottom:
        break;
    }
    return y - descent;
}

} // namespace prefixlab
