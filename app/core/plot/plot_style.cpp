// The two plot styles: light (white, for slides and the default of exports) and dark (the app's
// background). Sizes at scale 1 suit an 800 × 450 plot; plot_scale_for_size() scales them for others.
#include "core/plot/plot_layout.hpp"

#include <algorithm>

namespace prefixlab {

namespace {

constexpr Rgba rgb(int r, int g, int b, float a = 1) {
    return {r / 255.0f, g / 255.0f, b / 255.0f, a};
}

// The reference surface the sizes at scale 1 are chosen for.
constexpr float kReferenceWidth = 800;
constexpr float kReferenceHeight = 450;

void set_sizes(PlotStyle& style, float scale) {
    // Tick labels at 12 px on an 800 px wide plot are 24 px on a 1600 × 900 slide: readable from the
    // back of a lecture hall, and twenty "2^k" labels still fit under the axis.
    style.title_size = 18 * scale;
    style.subtitle_size = 12.5f * scale;
    style.label_size = 13 * scale;
    style.tick_size = 12 * scale;
    style.legend_size = 12 * scale;
    style.line_width = 1.8f * scale;
    style.frame_width = 1 * scale;
    style.grid_width = 1 * scale;
    style.marker_radius = 3.6f * scale;
    style.tick_length = 5 * scale;
    style.padding = 12 * scale;
}

} // namespace

PlotStyle PlotStyle::light(float scale) {
    PlotStyle style;
    style.background = rgb(255, 255, 255);
    style.frame = rgb(60, 60, 60);
    style.grid = rgb(228, 228, 228);
    style.text = rgb(25, 25, 25);
    style.secondary_text = rgb(100, 100, 100);
    style.legend_background = rgb(255, 255, 255, 0.92f);
    style.legend_border = rgb(200, 200, 200);
    set_sizes(style, scale);
    return style;
}

PlotStyle PlotStyle::dark(float scale) {
    PlotStyle style;
    style.background = rgb(20, 23, 26); // theme::kBackground, the window's clear colour
    style.frame = rgb(140, 146, 152);
    style.grid = rgb(44, 49, 55);
    style.text = rgb(230, 232, 235);
    style.secondary_text = rgb(150, 156, 162);
    style.legend_background = rgb(28, 32, 36, 0.92f);
    style.legend_border = rgb(70, 76, 84);
    set_sizes(style, scale);
    return style;
}

float plot_scale_for_size(float width, float height) {
    return std::max(0.25f, std::min(width / kReferenceWidth, height / kReferenceHeight));
}

} // namespace prefixlab
