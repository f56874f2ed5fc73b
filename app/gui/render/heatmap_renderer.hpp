// Draws a bank heatmap with shaders/heatmap.{vert,frag}: the counts (distinct words per instruction
// and bank) live in a texture of 32 columns by one row per warp-wide instruction; the colour scale in
// a second texture filled from conflict_colour(). Placed into a Dear ImGui window's draw list through
// a callback, like InstancedShapes, and clipped to the window.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

struct ImDrawList;
struct ImDrawCmd;

namespace prefixlab {

class HeatmapRenderer {
public:
    HeatmapRenderer() = default;
    ~HeatmapRenderer();
    HeatmapRenderer(const HeatmapRenderer&) = delete;
    HeatmapRenderer& operator=(const HeatmapRenderer&) = delete;

    // counts: rows * 32 values, row-major (row = instruction, column = bank).
    void set_counts(std::vector<std::uint8_t> counts, int rows);

    // Queues the whole heatmap drawn at (x, y) with the given on-screen size.
    void draw(ImDrawList* list, float x, float y, float width, float height);

    const std::string& error() const { return error_; }

private:
    static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
    void render(const ImDrawCmd* command);
    bool prepare();

    std::vector<std::uint8_t> counts_;
    int rows_ = 0;
    bool dirty_ = true;
    float x_ = 0, y_ = 0, width_ = 0, height_ = 0;
    unsigned counts_texture_ = 0;
    unsigned colours_texture_ = 0;
    unsigned vao_ = 0;
    unsigned buffer_ = 0;
    std::string error_;
};

} // namespace prefixlab
