#include "gui/colour_map.hpp"

#include <algorithm>
#include <cmath>

namespace prefixlab {

namespace {

double srgb_from_linear(double c) {
    c = std::clamp(c, 0.0, 1.0);
    return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

// Oklab (L, a, b) to sRGB bytes (Ottosson's published matrices).
theme::Rgb from_oklab(double L, double a, double b) {
    const double l_ = L + 0.3963377774 * a + 0.2158037573 * b;
    const double m_ = L - 0.1055613458 * a - 0.0638541728 * b;
    const double s_ = L - 0.0894841775 * a - 1.2914855480 * b;
    const double l = l_ * l_ * l_, m = m_ * m_ * m_, s = s_ * s_ * s_;
    const double r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
    const double g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
    const double bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s;
    const auto byte = [](double c) { return static_cast<std::uint8_t>(std::lround(srgb_from_linear(c) * 255.0)); };
    return {byte(r), byte(g), byte(bl)};
}

// The ramp at t in [0, 1]: dark violet-blue at 0, light yellow at 1.
theme::Rgb ramp_colour(double t) {
    t = std::clamp(t, 0.0, 1.0);
    const double lightness = 0.36 + 0.58 * t;              // linear in Oklab L
    const double hue = (285.0 - 180.0 * t) * M_PI / 180.0; // violet-blue -> teal -> green -> yellow
    const double chroma = 0.11 + 0.05 * t;
    return from_oklab(lightness, chroma * std::cos(hue), chroma * std::sin(hue));
}

} // namespace

theme::Rgb conflict_colour(int distinct_words) {
    if (distinct_words <= 0)
        return theme::colours().cell_unwritten; // not touched: the theme's empty cell, off the ramp
    return ramp_colour(std::log2(std::min(distinct_words, kMaxConflictDegree)) / std::log2(double(kMaxConflictDegree)));
}

theme::Rgb activity_colour(std::uint32_t active, std::uint32_t lanes) {
    if (active == 0 || lanes == 0)
        return theme::colours().cell_unwritten; // idle: the theme's empty cell, off the ramp
    return ramp_colour(double(active) / double(lanes));
}

} // namespace prefixlab
