// The fuzz targets' painter: measures text as the plot tests' recording painter does (0.55 em a
// character), so layouts take the same paths as with a real font, and draws nothing.
#pragma once

#include "core/plot/plot_painter.hpp"

#include <string_view>
#include <vector>

namespace prefixlab {

class NullPainter final : public PlotPainter {
public:
    void fill_rect(Vec2f, Vec2f, Rgba) override {}
    void stroke_rect(Vec2f, Vec2f, Rgba, float) override {}
    void line(Vec2f, Vec2f, Rgba, float, bool) override {}
    void polyline(const std::vector<Vec2f>&, Rgba, float, bool) override {}
    void marker(Vec2f, float, MarkerShape, Rgba) override {}
    void text(Vec2f, std::string_view, float, Rgba, TextAnchor, TextBaseline) override {}
    Vec2f text_size(std::string_view text, float size) override {
        return {0.55f * size * static_cast<float>(text.size()), size};
    }
    void push_clip(Vec2f, Vec2f) override {}
    void pop_clip() override {}
};

} // namespace prefixlab
