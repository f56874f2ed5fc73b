// A picture of some shapes kept in an offscreen framebuffer and copied to the window each frame with
// glBlitFramebuffer (a plain copy: no shader, no blending). It is redrawn only when its key changes
// (what is shown, zoom, pan, size). Under Mesa's llvmpipe, thousands of thin edges cost ~9 ms to
// rasterise but the copy well under one, so views put what does not change from step to step here
// and draw only the step-dependent highlights live on top.
#pragma once

#include "gui/render/gl_object.hpp"
#include "gui/render/instanced_shapes.hpp"

#include <string>
#include <vector>

struct ImDrawList;
struct ImDrawCmd;

namespace prefixlab {

class CachedLayer {
public:
    // Queues the layer for the screen rectangle (x, y, width, height). `layers` are drawn in order
    // onto `background` whenever `key` differs from the last one or the rectangle's size changed.
    // In the SVG export's vector frame (render/vector_frame.hpp) the layers' shapes go into `list`.
    void draw(ImDrawList* list, float x, float y, float width, float height, const std::string& key,
              std::vector<InstancedShapes*> layers, const ShapeTransform& transform, std::uint32_t background);

    int redraws() const { return redraws_; } // how often the picture was rendered (for measurements)

private:
    static void render_callback(const ImDrawList* list, const ImDrawCmd* command);
    void render(const ImDrawCmd* command);
    void ensure_target(int width, int height);

    GlFramebuffer framebuffer_;
    GlRenderbuffer colour_;
    int width_ = 0, height_ = 0; // framebuffer pixels
    std::string key_, drawn_key_;
    std::vector<InstancedShapes*> layers_;
    ShapeTransform transform_;
    std::uint32_t background_ = 0;
    float x_ = 0, y_ = 0, w_ = 0, h_ = 0; // display pixels
    int redraws_ = 0;
};

} // namespace prefixlab
