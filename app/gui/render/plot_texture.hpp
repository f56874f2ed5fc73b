// A picture drawn through a Dear ImGui draw list into an offscreen texture once, then shown each frame
// as one textured quad: a timing plot (thousands of anti-aliased segments, markers and glyphs)
// cost 15–25 ms a frame to tessellate and rasterise under Mesa's llvmpipe; a cached quad costs well
// under one. Redrawn only when its key (what is drawn, its style, the UI scale) or its size changes.
//
// Unlike CachedLayer (which renders inside Dear ImGui's render pass through a callback), the picture
// is rendered while the frame is being built, before Dear ImGui renders anything: the OpenGL 3
// backend's vertex buffer is then not in use, so the same backend can draw the picture's list.
#pragma once

#include "gui/render/gl_object.hpp"

#include <imgui.h>

#include <functional>
#include <string>

namespace prefixlab {

class PlotTexture {
public:
    // Shows the picture in `list` at `at` (display pixels, rounded to whole ones so texels meet pixels)
    // with `size`; calls `paint(picture_list, size)` first, drawing with (0, 0) as the top left, when
    // `key` or the size differs from the picture's.
    using Paint = std::function<void(ImDrawList& picture, ImVec2 size)>;
    void draw(ImDrawList* list, ImVec2 at, ImVec2 size, const std::string& key, const Paint& paint);

    int redraws() const { return redraws_; } // how often the picture was rendered (for measurements)

private:
    void ensure_target(int width, int height);
    void render(ImVec2 size, const Paint& paint);

    GlFramebuffer framebuffer_;
    GlTexture texture_;
    int width_ = 0, height_ = 0; // texels
    std::string key_;
    int redraws_ = 0;
};

} // namespace prefixlab
