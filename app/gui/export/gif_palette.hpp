// Palette quantisation for GIF frames: at most 256 colours per frame, chosen from the frame itself.
//
// Why median cut on the frame's own colours rather than a fixed palette of theme colours and greys:
// the views are flat fills of a few theme colours, but their text and edges are anti-aliased blends
// of those fills, the Banks heatmap is a continuous colour map, and Dear ImGui's widgets add greys of
// their own; a fixed palette would have to guess all of these. Instead:
// - a frame of at most 256 distinct colours (the common case for a crop of changed cells) keeps every
//   colour exactly;
// - beyond that, median cut: the box of colours with the largest pixel-weighted squared error is split
//   at its weighted median along its longest axis, until 256 boxes. Each box is represented by its most
//   frequent colour, not its mean: a box holding a flat fill and the blends at its edges then keeps the
//   fill's exact theme colour (the GUI tests look for exact theme colours), and only the blends move.
// No dithering: on flat fills it would add noise and cost LZW compression for nothing.
#pragma once

#include "gui/platform/platform_window.hpp"
#include "gui/theme.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

inline constexpr std::size_t kGifPaletteSize = 256;

// A frame as a palette and one palette index per pixel, top row first.
struct IndexedImage {
    int width = 0;
    int height = 0;
    std::vector<theme::Rgb> palette; // 1 to 256 colours
    std::vector<std::uint8_t> indices;
};

IndexedImage quantise_to_palette(const Image& image);

// The colour a pixel of an indexed image shows.
inline theme::Rgb colour_at(const IndexedImage& image, int x, int y) {
    return image.palette[image.indices[static_cast<std::size_t>(y) * image.width + x]];
}

} // namespace prefixlab
