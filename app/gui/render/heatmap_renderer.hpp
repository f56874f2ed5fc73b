// Draws a bank heatmap with shaders/heatmap.{vert,frag}: the counts (distinct words per instruction
// and bank) live in a texture of 32 columns by one row per warp-wide instruction; the colour scale in
// a second texture filled from conflict_colour(), refilled when the theme changes (its "bank not
// used" colour is the theme's). Placed into a Dear ImGui window's draw list through callbacks, like
// InstancedShapes, and clipped to the window. A view may draw several row ranges a frame (the Banks
// tab draws each step's instructions into that step's band).
#pragma once

#include "gui/render/gl_object.hpp"
#include "gui/theme.hpp"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

struct ImDrawList;
struct ImDrawCmd;

namespace prefixlab {

class HeatmapRenderer {
public:
    // counts: rows * 32 values, row-major (row = instruction, column = bank).
    void set_counts(std::vector<std::uint8_t> counts, int rows);

    // Queues rows [first_row, first_row + row_count) drawn into the screen rectangle (x, y, width,
    // height), clipped to the draw list's current clip rectangle; in the SVG export's vector frame
    // (render/vector_frame.hpp) as rectangles of conflict_colour().
    void draw_rows(ImDrawList* list, float x, float y, float width, float height, int first_row, int row_count);

    const std::string& error() const { return error_; }

private:
    struct Segment {
        HeatmapRenderer* owner;
        float x, y, width, height;
        int first_row, row_count;
    };
    static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
    void render(const Segment& segment, const ImDrawCmd* command);
    bool prepare();
    void upload_colours();

    std::vector<std::uint8_t> counts_;
    int rows_ = 0;
    bool dirty_ = true;
    // This frame's segments; a deque keeps their addresses (the callbacks' data) while it grows.
    std::deque<Segment> segments_;
    int segments_frame_ = -1;
    theme::Name colours_theme_ = theme::Name::dark;
    bool colours_uploaded_ = false;
    GlTexture counts_texture_;
    GlTexture colours_texture_;
    GlVertexArray vao_;
    GlBuffer buffer_;
    std::string error_;
};

} // namespace prefixlab
