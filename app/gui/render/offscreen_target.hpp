// A framebuffer of our own, for frames drawn larger than the window (the view exported at 2×). While
// bound, everything the frame draws (Dear ImGui, the instanced shapes, the cached layers, which blit
// into whichever framebuffer was bound) lands in it instead of the window.
#pragma once

#include "gui/platform/platform_window.hpp"
#include "gui/render/gl_object.hpp"

namespace prefixlab {

class OffscreenTarget {
public:
    // Binds a width×height colour buffer (made or resized as needed) for drawing and reading.
    // Throws PlatformError when the driver refuses the size.
    void bind(int width, int height);
    // Back to the window's framebuffer.
    void unbind();
    // What was drawn into it, top row first, opaque.
    Image read() const;

private:
    GlFramebuffer framebuffer_;
    GlRenderbuffer colour_;
    int width_ = 0, height_ = 0;
};

} // namespace prefixlab
