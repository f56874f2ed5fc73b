// Many rectangles or line segments in one draw call, with the shaders of shaders/ (shape_*.vert,
// shape_flat.frag): each shape becomes two triangles whose six vertices carry the shape and their
// corner, and the vertex shader places them. Placed into a Dear ImGui window's draw list through a
// callback so they sit
// between ImGui's own drawing (behind text labels and tooltips) and are clipped to the window.
// Geometry is in diagram units; pan and zoom are uniforms, so moving the view uploads nothing.
// Colours must be opaque: the shapes are drawn without blending, the fast path of a software
// rasteriser (Mesa llvmpipe), and dimming is pre-blended on the CPU.
#pragma once

#include "gui/render/gl_object.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct ImDrawList;
struct ImDrawCmd;

namespace prefixlab {

struct QuadInstance {
    float x0, y0, x1, y1; // diagram units
    std::uint32_t rgba;   // packed as theme::packed() (ImU32), opaque
};

struct LineInstance {
    float x0, y0, x1, y1;
    std::uint32_t rgba;
    float width_pixels;
};

// Maps diagram units to screen pixels: screen = offset + point * scale.
struct ShapeTransform {
    float offset_x = 0, offset_y = 0;
    float scale_x = 1, scale_y = 1;
    float min_pixels = 0; // rectangles: the smallest on-screen width and height
};

class InstancedShapes {
public:
    enum class Kind { quads, lines };

    explicit InstancedShapes(Kind kind);

    // Replaces the shapes; uploaded at the next render.
    void set_quads(std::vector<QuadInstance> quads);
    void set_lines(std::vector<LineInstance> lines);
    std::size_t count() const;

    // Queues the shapes into `list` (the current window's), clipped to its current clip rectangle.
    // In the SVG export's vector frame (render/vector_frame.hpp) it adds them as plain triangles.
    void draw(ImDrawList* list, const ShapeTransform& transform);
    // The shapes as plain solid triangles in `list`, placed as the shaders place them (the vector frame).
    void add_to_draw_list(ImDrawList* list, const ShapeTransform& transform) const;

    // Renders now into the bound framebuffer, whose pixels (fb_x, fb_y, fb_width, fb_height) show the
    // display rectangle (x, y, width, height); used by CachedLayer to draw into its own framebuffer.
    void render_into(const ShapeTransform& transform, float x, float y, float width, float height, int fb_x, int fb_y,
                     int fb_width, int fb_height);

    // Empty unless the shaders failed to build; then nothing is drawn and the view shows this.
    const std::string& error() const { return error_; }

private:
    static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
    void render(const ImDrawCmd* command);
    void create_objects();
    bool prepare(); // program, vertex array and buffer ready and bound; false on a shader error
    void draw_arrays(const ShapeTransform& transform, float x, float y, float width, float height);

    Kind kind_;
    std::vector<QuadInstance> quads_;
    std::vector<LineInstance> lines_;
    bool dirty_ = true;
    ShapeTransform transform_;
    GlVertexArray vao_;
    GlBuffer buffer_;
    std::size_t uploaded_ = 0;
    std::string error_;
};

} // namespace prefixlab
