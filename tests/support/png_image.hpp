// Loading a screenshot for pixel checks, and counting colours in it.
#pragma once

#include "gui/theme.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab::test {

struct PngImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb; // 3 bytes a pixel, top row first
};

// Empty image (width 0) when the file cannot be read.
PngImage load_png(const std::string& path);

// Pixels of exactly this colour, optionally within a rectangle [x0, x1) × [y0, y1).
std::size_t count_colour(const PngImage& image, theme::Rgb colour, int x0 = 0, int y0 = 0, int x1 = -1, int y1 = -1);

// Number of distinct colours: a blank or garbled window has very few.
std::size_t distinct_colours(const PngImage& image);

// Fraction of pixels that differ between two images of the same size.
double fraction_different(const PngImage& a, const PngImage& b);

// The same, where a pixel of `a` counts as equal when `b` has its colour (each channel within 8) within
// `shift` pixels of its place: a layout that settled one pixel apart is the same picture, another tab,
// step, theme or scale is not.
double fraction_different_within(const PngImage& a, const PngImage& b, int shift);

} // namespace prefixlab::test
