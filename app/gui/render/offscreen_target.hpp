// A framebuffer of our own, for frames drawn larger than the window (the view exported at 2×). While
// bound, everything the frame draws (Dear ImGui, the instanced shapes, the cached layers, which blit
// into whichever framebuffer was bound) lands in it instead of the window.
#pragma once

#include "gui/platform/platform_window.hpp"

namespace prefixlab {

class OffscreenTarget {
public:
    OffscreenTarget() = default;
    ~OffscreenTarget();
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;

    // Binds a width×height colour buffer (made or resized as needed) for drawing and reading.
    // Throws PlatformError when the driver refuses the size.
    void bind(int width, int height);
    // Back to the window's framebuffer.
    void unbind();
    // What was drawn into it, top row first, opaque.
    Image read() const;

private:
    unsigned framebuffer_ = 0, colour_ = 0;
    int width_ = 0, height_ = 0;
};

} // namespace prefixlab
