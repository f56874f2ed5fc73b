// A PlotPainter on a cairo_t: the drawing side of the PNG, SVG and PDF exports (plot_export_cairo.cpp).
// Text uses Cairo's toy font API with DejaVu Sans, the GUI's font, sized like Dear ImGui sizes it
// (ascent + descent = the requested pixel height), so labels take the same room in a file as on screen.
// Only compiled where Cairo was found.
#pragma once

#include "core/plot/plot_painter.hpp"
#include "core/plot/plot_shapes.hpp"

#include <cairo.h>

namespace prefixlab {

class CairoPainter final : public PlotPainter {
public:
    // `pixel_surface`: the surface is an image, so horizontal and vertical lines are moved onto the
    // pixel grid to stay sharp; vector surfaces keep the exact coordinates.
    CairoPainter(cairo_t* cr, bool pixel_surface);

    void fill_rect(Vec2f min, Vec2f max, Rgba colour) override;
    void stroke_rect(Vec2f min, Vec2f max, Rgba colour, float width) override;
    void line(Vec2f from, Vec2f to, Rgba colour, float width, bool dashed) override;
    void polyline(const std::vector<Vec2f>& points, Rgba colour, float width, bool dashed) override;
    void marker(Vec2f centre, float radius, MarkerShape shape, Rgba colour) override;
    void text(Vec2f at, std::string_view text, float size, Rgba colour, TextAnchor anchor,
              TextBaseline baseline) override;
    Vec2f text_size(std::string_view text, float size) override;
    void push_clip(Vec2f min, Vec2f max) override;
    void pop_clip() override;

    // DejaVu Sans as Cairo found it: the SVG painter lays text out with these (plot_export_cairo.cpp).
    const FontMetrics& font_metrics() const { return font_; }

private:
    void set_colour(Rgba colour);
    void set_stroke(float width, bool dashed);
    void set_font_size(float pixel_height);
    // A coordinate of an axis-aligned line of this width, moved so the line covers whole pixels.
    double snapped(double coordinate, float width) const;

    cairo_t* cr_;
    bool pixel_surface_;
    FontMetrics font_;
};

} // namespace prefixlab
