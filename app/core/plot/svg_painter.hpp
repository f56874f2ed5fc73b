// A PlotPainter that writes SVG 1.1 itself, for the SVG export (plot_export_cairo.cpp): text stays
// text, as <text> elements in DejaVu Sans that a lecturer can edit in slide software (Cairo's SVG
// surface turned every glyph into an outline). Lines, rectangles, markers and clips are plain SVG
// shapes in the surface's units (points), y downwards, as on the other surfaces.
//
// Text layout: draw_plot() needs text widths, which this painter cannot know by itself; it asks
// another painter's text_size() (the Cairo painter on a scratch surface, so the SVG lays out as the
// PNG) and places baselines from the font's ascent and descent. The baseline's y is computed here,
// not left to dominant-baseline, which slide software often ignores.
#pragma once

#include "core/plot/plot_painter.hpp"
#include "core/plot/plot_shapes.hpp"

#include <string>
#include <string_view>

namespace prefixlab {

class SvgPainter final : public PlotPainter {
public:
    // `measure` answers text_size() (and is never drawn on); `font` places baselines and turns pixel
    // heights into font sizes. Both must describe the font the file names, DejaVu Sans.
    SvgPainter(PlotPainter& measure, const FontMetrics& font);

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

    // The whole file: an XML declaration and one <svg> of width × height (points, as Cairo's SVG
    // surface sizes it) holding everything drawn so far. Clips still open are closed.
    std::string document(float width, float height) const;

private:
    std::string body_; // the elements inside <svg>, in drawing order
    int open_clips_ = 0;
    int clips_made_ = 0; // ids of clip paths: clip1, clip2, ...
    PlotPainter& measure_;
    FontMetrics font_;
};

// A coordinate or size as the SVG files write it: to a hundredth (of a point, of a pixel), finer than
// any screen or printer shows, trailing zeros dropped, so files stay short ("12.5", "3", "0").
std::string svg_number(double value);

// `text` as XML character data or attribute value, UTF-8: &, <, >, " and ' as entities; bytes that
// are not valid UTF-8 and characters XML 1.0 does not allow (controls other than tab, newline and
// carriage return; U+FFFE, U+FFFF) become U+FFFD, so the file stays well-formed whatever a label holds.
std::string xml_escaped(std::string_view text);

} // namespace prefixlab
