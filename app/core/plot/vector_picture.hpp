// A picture as shapes and text, in paint order: what a view drew, kept as data so that a surface other than
// the window can draw it again (the lesson handout's PDF pages and PNGs, handout.hpp). The GUI makes one
// from a frame's draw data (gui/export/picture_from_draw_data.hpp). Coordinates are the window's pixels.
#pragma once

#include "core/plot/plot.hpp"
#include "core/plot/plot_painter.hpp"

#include <string>
#include <vector>

namespace prefixlab {

struct PictureItem {
    enum class Kind { clip, rect, polygon, text };
    Kind kind = Kind::rect;
    // clip and rect: the corners (min, max); polygon: the outline; text: the line's top left.
    std::vector<Vec2f> points;
    Rgba colour;
    std::string text;  // UTF-8, one run (text only)
    float size = 0;    // text: the drawn font's pixel height (ascent + descent)
    bool mono = false; // text: in the monospace face
};

struct VectorPicture {
    float width = 0, height = 0;
    Rgba background;
    std::vector<PictureItem> items;
};

} // namespace prefixlab
