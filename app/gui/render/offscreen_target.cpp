#include "gui/render/offscreen_target.hpp"

#include <cstring>
#include <glad/gl.h>
#include <string>

namespace prefixlab {

void OffscreenTarget::bind(int width, int height) {
    framebuffer_.make();
    colour_.make();
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    if (width != width_ || height != height_) {
        glBindRenderbuffer(GL_RENDERBUFFER, colour_.id());
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_.id());
        width_ = width;
        height_ = height;
    }
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        unbind();
        width_ = height_ = 0;
        throw PlatformError("cannot draw a " + std::to_string(width) + "×" + std::to_string(height) +
                            " picture: the OpenGL driver refused a framebuffer of that size");
    }
}

void OffscreenTarget::unbind() { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

Image OffscreenTarget::read() const {
    Image image;
    image.width = width_;
    image.height = height_;
    image.rgba.resize(std::size_t(width_) * height_ * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.id());
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
    for (std::size_t i = 3; i < image.rgba.size(); i += 4)
        image.rgba[i] = 255; // alpha is whatever blending left; the picture is opaque
    // OpenGL's rows run bottom-up; images run top-down.
    const std::size_t row = std::size_t(width_) * 4;
    std::vector<std::uint8_t> line(row);
    for (int y = 0; y < height_ / 2; ++y) {
        std::uint8_t* a = image.rgba.data() + y * row;
        std::uint8_t* b = image.rgba.data() + (height_ - 1 - y) * row;
        std::memcpy(line.data(), a, row);
        std::memcpy(a, b, row);
        std::memcpy(b, line.data(), row);
    }
    return image;
}

} // namespace prefixlab
