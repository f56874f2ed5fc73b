// draw_plot() on screen: a PlotPainter over a Dear ImGui draw list. Text uses the window's font
// (DejaVu Sans, as Cairo's exports do) at the plot's sizes, so the screen and the files match.
#pragma once

#include "core/plot/plot_painter.hpp"

struct ImDrawList;
struct ImFont;

namespace prefixlab {

class ImGuiPlotPainter final : public PlotPainter {
public:
    ImGuiPlotPainter(ImDrawList* list, ImFont* font) : list_(list), font_(font) {}

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

private:
    ImDrawList* list_;
    ImFont* font_;
};

} // namespace prefixlab
