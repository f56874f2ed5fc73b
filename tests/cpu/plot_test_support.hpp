// Shared by the plot tests: a benchmark-like sample plot, and a PlotPainter that records what it is
// asked to draw (with the clip rectangle in force) so layout tests can assert on geometry and colours.
#pragma once

#include "core/plot/plot_layout.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace prefixlab::test {

inline Rgba rgb(int r, int g, int b) {
    return {r / 255.0f, g / 255.0f, b / 255.0f, 1};
}

inline bool same_colour(Rgba a, Rgba b) {
    return std::abs(a.r - b.r) < 1e-4f && std::abs(a.g - b.g) < 1e-4f && std::abs(a.b - b.b) < 1e-4f &&
           std::abs(a.a - b.a) < 1e-4f;
}

// Okabe–Ito colours, as the benchmark plots use them; far apart from each other and from grey.
inline const Rgba kOrange = rgb(230, 159, 0);
inline const Rgba kBlue = rgb(0, 114, 178);
inline const Rgba kVermillion = rgb(213, 94, 0);
inline const Rgba kGreen = rgb(0, 158, 115);

// Time (ms) against N on log–log axes: a CPU baseline (dashed) and two GPU scans, N = 2^10 .. 2^28,
// with error bars and the crossover annotated.
inline Plot sample_plot() {
    Plot plot;
    plot.title = "Inclusive scan, int32: time against N";
    plot.subtitle = "NVIDIA H100 80GB HBM3 · median of 20 runs · 2024-05-14";
    plot.x = {"N (elements)", AxisScale::log2, 1024, 268435456};
    plot.y = {"time (ms)", AxisScale::log10, 0.001, 100};
    PlotSeries cpu{"CPU std::inclusive_scan", kVermillion, MarkerShape::square, true, {}};
    PlotSeries blelloch{"Blelloch (work-efficient)", kBlue, MarkerShape::circle, false, {}};
    PlotSeries shuffle{"warp-shuffle scan", kOrange, MarkerShape::triangle, false, {}};
    for (int k = 10; k <= 28; k += 2) {
        const double n = std::ldexp(1.0, k);
        const double cpu_ms = n * 6e-7;
        const double blelloch_ms = 0.010 + n * 2.2e-8;
        const double shuffle_ms = 0.008 + n * 1.1e-8;
        // The CPU's small-N timings scatter (caches, frequency): bars wide enough to show.
        const double spread = k <= 14 ? 1.6 : 1.1;
        cpu.points.push_back({n, cpu_ms, cpu_ms / spread, cpu_ms * spread});
        blelloch.points.push_back({n, blelloch_ms, blelloch_ms * 0.85, blelloch_ms * 1.15});
        shuffle.points.push_back({n, shuffle_ms, shuffle_ms, shuffle_ms});
    }
    plot.series = {cpu, blelloch, shuffle};
    plot.annotations.push_back({16384, "GPU faster from N ≈ 2^14", kGreen});
    return plot;
}

struct Drawn {
    enum class Kind { fill_rect, stroke_rect, line, polyline, marker, text };
    Kind kind;
    Rgba colour;
    Vec2f min, max;            // bounding box on the surface
    std::vector<Vec2f> points; // line and polyline vertices, marker centre, text anchor point
    std::string text;
    bool dashed = false;
    Vec2f clip_min, clip_max; // the innermost clip in force
};

// Text is measured as 0.55 em per character (UTF-8 continuation bytes do not count), height = size.
class RecordingPainter final : public PlotPainter {
public:
    std::vector<Drawn> drawn;
    int clip_depth_max = 0;

    void fill_rect(Vec2f min, Vec2f max, Rgba colour) override {
        add(Drawn::Kind::fill_rect, colour, {min, max});
    }
    void stroke_rect(Vec2f min, Vec2f max, Rgba colour, float width) override {
        add(Drawn::Kind::stroke_rect, colour,
            {{min.x - width / 2, min.y - width / 2}, {max.x + width / 2, max.y + width / 2}});
    }
    void line(Vec2f from, Vec2f to, Rgba colour, float, bool dashed) override {
        add(Drawn::Kind::line, colour, {from, to}).dashed = dashed;
    }
    void polyline(const std::vector<Vec2f>& points, Rgba colour, float, bool dashed) override {
        add(Drawn::Kind::polyline, colour, points).dashed = dashed;
    }
    void marker(Vec2f c, float r, MarkerShape, Rgba colour) override {
        Drawn& d = add(Drawn::Kind::marker, colour, {{c.x - r, c.y - r}, {c.x + r, c.y + r}});
        d.points = {c};
    }
    void text(Vec2f at, std::string_view text, float size, Rgba colour, TextAnchor anchor,
              TextBaseline baseline) override {
        const Vec2f extent = text_size(text, size);
        const float x = anchor == TextAnchor::left     ? at.x
                        : anchor == TextAnchor::centre ? at.x - extent.x / 2
                                                       : at.x - extent.x;
        const float y = baseline == TextBaseline::top      ? at.y
                        : baseline == TextBaseline::middle ? at.y - extent.y / 2
                                                           : at.y - extent.y;
        Drawn& d = add(Drawn::Kind::text, colour, {{x, y}, {x + extent.x, y + extent.y}});
        d.points = {at};
        d.text = std::string(text);
    }
    Vec2f text_size(std::string_view text, float size) override {
        const auto characters = std::count_if(
            text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
        return {0.55f * size * float(characters), size};
    }
    void push_clip(Vec2f min, Vec2f max) override {
        clips_.push_back({min, max});
        clip_depth_max = std::max(clip_depth_max, int(clips_.size()));
    }
    void pop_clip() override { clips_.pop_back(); }

    std::size_t open_clips() const { return clips_.size(); }

    std::vector<const Drawn*> of_colour(Rgba colour) const {
        std::vector<const Drawn*> found;
        for (const Drawn& d : drawn)
            if (same_colour(d.colour, colour))
                found.push_back(&d);
        return found;
    }
    const Drawn* text_of(const std::string& text) const {
        for (const Drawn& d : drawn)
            if (d.kind == Drawn::Kind::text && d.text == text)
                return &d;
        return nullptr;
    }

private:
    Drawn& add(Drawn::Kind kind, Rgba colour, std::vector<Vec2f> points) {
        Drawn d{kind, colour, points.front(), points.front(), points, "", false, {}, {}};
        for (const Vec2f& p : points) {
            d.min = {std::min(d.min.x, p.x), std::min(d.min.y, p.y)};
            d.max = {std::max(d.max.x, p.x), std::max(d.max.y, p.y)};
        }
        if (!clips_.empty()) {
            d.clip_min = clips_.back().first;
            d.clip_max = clips_.back().second;
        }
        drawn.push_back(d);
        return drawn.back();
    }
    std::vector<std::pair<Vec2f, Vec2f>> clips_;
};

} // namespace prefixlab::test
