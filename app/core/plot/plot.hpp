// A plot as data: axes, series of points, annotations. Built from benchmark results by
// plot_builder.hpp, drawn by draw_plot() (plot_layout.hpp) onto any PlotPainter: the GUI's
// Dear ImGui painter on screen, Cairo for PNG/PDF files and SvgPainter for SVG, so an export looks like
// the screen.
#pragma once

#include <string>
#include <vector>

namespace prefixlab {

struct Rgba {
    float r = 0, g = 0, b = 0, a = 1; // 0..1
};

enum class AxisScale { linear, log2, log10 };

struct PlotAxis {
    std::string label; // with its unit, e.g. "time (ms)"
    AxisScale scale = AxisScale::linear;
    // The range shown; draw_plot() widens it to whole ticks. Log axes need min > 0.
    double min = 0;
    double max = 1;
};

enum class MarkerShape { circle, square, triangle, diamond, cross };

struct PlotPoint {
    double x = 0;
    double y = 0;
    // Optional spread shown as a vertical error bar (e.g. mean ± std); equal to y when none.
    double y_low = 0;
    double y_high = 0;
};

struct PlotSeries {
    std::string name; // the legend entry, e.g. "stp-warp-shuffle (1024)"
    Rgba colour;
    MarkerShape marker = MarkerShape::circle;
    bool dashed = false; // baselines (copy, CPU) are dashed so they read as reference lines
    std::vector<PlotPoint> points; // sorted by x
};

// A vertical line at x with a label, e.g. the CPU/GPU crossover N.
struct PlotAnnotation {
    double x = 0;
    std::string text;
    Rgba colour;
};

struct Plot {
    std::string title;
    std::string subtitle; // device, date and method, so an exported slide says where it came from
    PlotAxis x;
    PlotAxis y;
    std::vector<PlotSeries> series;
    std::vector<PlotAnnotation> annotations;
};

} // namespace prefixlab
