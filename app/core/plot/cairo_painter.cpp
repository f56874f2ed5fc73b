// CairoPainter: PlotPainter's primitives as Cairo paths.
#include "core/plot/cairo_painter.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace prefixlab {

CairoPainter::CairoPainter(cairo_t* cr, bool pixel_surface) : cr_(cr), pixel_surface_(pixel_surface) {
    cairo_select_font_face(cr_, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    // Unhinted metrics on every surface: the PNG then lays text out exactly as the SVG and PDF do.
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr_, options);
    cairo_font_options_destroy(options);
    // Cairo sizes a font by its em; Dear ImGui by ascent + descent (1.164 em for DejaVu Sans).
    cairo_set_font_size(cr_, 100);
    cairo_font_extents_t extents;
    cairo_font_extents(cr_, &extents);
    if (extents.ascent + extents.descent > 0)
        font_ = {extents.ascent / 100, extents.descent / 100};
}

void CairoPainter::set_colour(Rgba c) {
    cairo_set_source_rgba(cr_, c.r, c.g, c.b, c.a);
}

void CairoPainter::set_stroke(float width, bool dashed) {
    cairo_set_line_width(cr_, width);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr_, dashed ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
    if (dashed) {
        const std::array<float, 2> dash = dash_pattern(width);
        const double pattern[] = {dash[0], dash[1]};
        cairo_set_dash(cr_, pattern, 2, 0);
    } else {
        cairo_set_dash(cr_, nullptr, 0, 0);
    }
}

void CairoPainter::set_font_size(float pixel_height) {
    cairo_set_font_size(cr_, font_.em_for_pixel_height(pixel_height));
}

double CairoPainter::snapped(double coordinate, float width) const {
    if (!pixel_surface_)
        return coordinate;
    // An odd-width line is sharp centred on a pixel's middle, an even-width one on a pixel edge.
    const long pixels = std::lround(width);
    return pixels % 2 == 1 ? std::floor(coordinate) + 0.5 : std::round(coordinate);
}

void CairoPainter::fill_rect(Vec2f min, Vec2f max, Rgba colour) {
    set_colour(colour);
    cairo_rectangle(cr_, min.x, min.y, max.x - min.x, max.y - min.y);
    cairo_fill(cr_);
}

void CairoPainter::stroke_rect(Vec2f min, Vec2f max, Rgba colour, float width) {
    set_colour(colour);
    set_stroke(width, false);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_MITER);
    const double x0 = snapped(min.x, width), y0 = snapped(min.y, width);
    cairo_rectangle(cr_, x0, y0, snapped(max.x, width) - x0, snapped(max.y, width) - y0);
    cairo_stroke(cr_);
}

void CairoPainter::line(Vec2f from, Vec2f to, Rgba colour, float width, bool dashed) {
    set_colour(colour);
    set_stroke(width, dashed);
    double x0 = from.x, y0 = from.y, x1 = to.x, y1 = to.y;
    if (from.x == to.x)
        x0 = x1 = snapped(from.x, width);
    if (from.y == to.y)
        y0 = y1 = snapped(from.y, width);
    cairo_move_to(cr_, x0, y0);
    cairo_line_to(cr_, x1, y1);
    cairo_stroke(cr_);
}

void CairoPainter::polyline(const std::vector<Vec2f>& points, Rgba colour, float width, bool dashed) {
    if (points.size() < 2)
        return;
    set_colour(colour);
    set_stroke(width, dashed);
    cairo_move_to(cr_, points[0].x, points[0].y);
    for (std::size_t i = 1; i < points.size(); ++i)
        cairo_line_to(cr_, points[i].x, points[i].y);
    cairo_stroke(cr_);
}

void CairoPainter::marker(Vec2f c, float r, MarkerShape shape, Rgba colour) {
    set_colour(colour);
    if (shape == MarkerShape::cross) {
        const CrossMarker cross = cross_marker(c, r);
        set_stroke(cross.width, false);
        for (const std::array<Vec2f, 2>& stroke : {cross.first, cross.second}) {
            cairo_move_to(cr_, stroke[0].x, stroke[0].y);
            cairo_line_to(cr_, stroke[1].x, stroke[1].y);
        }
        cairo_stroke(cr_);
        return;
    }
    if (shape == MarkerShape::circle) {
        cairo_new_sub_path(cr_);
        cairo_arc(cr_, c.x, c.y, r, 0, 2 * std::numbers::pi);
    } else {
        const std::vector<Vec2f> outline = marker_outline(c, r, shape);
        cairo_move_to(cr_, outline[0].x, outline[0].y);
        for (std::size_t i = 1; i < outline.size(); ++i)
            cairo_line_to(cr_, outline[i].x, outline[i].y);
        cairo_close_path(cr_);
    }
    cairo_fill(cr_);
}

void CairoPainter::text(Vec2f at, std::string_view text, float size, Rgba colour, TextAnchor anchor,
                        TextBaseline baseline) {
    const std::string utf8(text); // Cairo wants a terminated string
    set_font_size(size);
    cairo_text_extents_t te;
    cairo_font_extents_t fe;
    cairo_text_extents(cr_, utf8.c_str(), &te);
    cairo_font_extents(cr_, &fe);
    double x = at.x;
    if (anchor == TextAnchor::centre)
        x -= te.x_advance / 2;
    else if (anchor == TextAnchor::right)
        x -= te.x_advance;
    const double y = baseline_y(at.y, baseline, fe.ascent, fe.descent);
    set_colour(colour);
    cairo_move_to(cr_, x, y);
    cairo_show_text(cr_, utf8.c_str());
    cairo_new_path(cr_);
}

Vec2f CairoPainter::text_size(std::string_view text, float size) {
    const std::string utf8(text);
    set_font_size(size);
    cairo_text_extents_t te;
    cairo_text_extents(cr_, utf8.c_str(), &te);
    return {float(te.x_advance), size};
}

void CairoPainter::push_clip(Vec2f min, Vec2f max) {
    cairo_save(cr_);
    cairo_rectangle(cr_, min.x, min.y, max.x - min.x, max.y - min.y);
    cairo_clip(cr_);
}

void CairoPainter::pop_clip() {
    cairo_restore(cr_);
}

} // namespace prefixlab
