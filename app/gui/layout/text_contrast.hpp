// The contrast of each text against what is drawn under it (issue 33, point 8): the layout check's
// third finding. A checked frame is drawn as a vector frame (every shape a solid triangle in the draw
// data, gui/render/vector_frame.hpp), so what lies under a text can be computed from the draw data
// alone: the window's clear colour, then every solid triangle drawn before the text over that point,
// blended by its alpha, as the GPU blends it. No view declares its colour pairs: a text in any state
// (an orange status line, a verdict on a quiz fragment, a letter on a status flag) is measured where it
// is drawn. The ratio is WCAG 2's; theme::kLeastTextContrast, 4.5:1, is its level AA for text of any size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

struct ImDrawData;

namespace prefixlab::layout {

struct Colour {
    double r = 0, g = 0, b = 0; // 0..1, sRGB
};

// WCAG 2's contrast ratio (1 to 21) of two colours (theme::relative_luminance).
double contrast_ratio(const Colour& a, const Colour& b);

// What lies under the texts of one frame. Triangles are taken in draw order; a sample point asks for
// the colour made by those drawn before a given place in that order.
class BackgroundRaster {
public:
    BackgroundRaster(const ImDrawData& frame, Colour clear);
    // Every draw command's place in draw order: the index of its first triangle. list and command as in
    // the frame's CmdLists[list]->CmdBuffer[command].
    std::size_t place_of(int list, int command) const { return command_places_[list][command]; }
    // The colour at (x, y) of everything drawn before `place`; false where an image (a texture other
    // than the font atlas) lies there, whose colours are not known, or off the window.
    bool colour_at(float x, float y, std::size_t place, Colour& out) const;

private:
    struct Triangle {
        float x[3], y[3];
        std::uint32_t colour[3];
        float clip[4];
        std::size_t place;
        bool image;
    };
    std::vector<Triangle> triangles_;
    std::vector<std::vector<std::size_t>> command_places_;
    std::vector<std::vector<std::uint32_t>> buckets_; // triangles by square of the screen, in draw order
    int columns_ = 0, rows_ = 0;
    float x0_ = 0, y0_ = 0;
    Colour clear_;
};

} // namespace prefixlab::layout
