#include "gui/render/cached_layer.hpp"

#include "gui/render/vector_frame.hpp"

#include <cmath>
#include <glad/gl.h>
#include <imgui.h>

namespace prefixlab {

void CachedLayer::draw(ImDrawList* list, float x, float y, float width, float height, const std::string& key,
                       std::vector<InstancedShapes*> layers, const ShapeTransform& transform, std::uint32_t background) {
    if (width < 1 || height < 1)
        return;
    if (render::vector_frame()) { // the picture's shapes themselves, clipped to its rectangle
        list->PushClipRect(ImVec2(x, y), ImVec2(x + width, y + height), true);
        list->AddRectFilled(ImVec2(x, y), ImVec2(x + width, y + height), background);
        for (const InstancedShapes* layer : layers)
            layer->add_to_draw_list(list, transform);
        list->PopClipRect();
        return;
    }
    x_ = x;
    y_ = y;
    w_ = width;
    h_ = height;
    key_ = key + "|bg" + std::to_string(background); // a theme switch redraws the picture
    layers_ = std::move(layers);
    transform_ = transform;
    background_ = background;
    list->AddCallback(&CachedLayer::render_callback, this);
    list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void CachedLayer::render_callback(const ImDrawList*, const ImDrawCmd* command) {
    static_cast<CachedLayer*>(command->UserCallbackData)->render(command);
}

void CachedLayer::ensure_target(int width, int height) {
    if (framebuffer_.made() && width == width_ && height == height_)
        return;
    framebuffer_.make();
    colour_.make();
    glBindRenderbuffer(GL_RENDERBUFFER, colour_.id());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_.id());
    width_ = width;
    height_ = height;
    drawn_key_.clear(); // new storage holds nothing yet
}

void CachedLayer::render(const ImDrawCmd* command) {
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr)
        return;
    const ImVec2 scale = data->FramebufferScale;
    const int width = static_cast<int>(std::lround(w_ * scale.x)), height = static_cast<int>(std::lround(h_ * scale.y));
    GLint screen_viewport[4];
    glGetIntegerv(GL_VIEWPORT, screen_viewport);
    // The frame's own target: the window, or an offscreen one (a view exported at 2×).
    GLint frame_target = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &frame_target);
    ensure_target(width, height);

    if (drawn_key_ != key_) {
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
        glViewport(0, 0, width, height);
        glDisable(GL_SCISSOR_TEST);
        const float r = (background_ & 0xff) / 255.0f, g = (background_ >> 8 & 0xff) / 255.0f,
                    b = (background_ >> 16 & 0xff) / 255.0f;
        glClearColor(r, g, b, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        // The layer's own display: its top-left corner is (x_, y_) on screen.
        for (InstancedShapes* layer : layers_)
            layer->render_into(transform_, x_, y_, w_, h_, 0, 0, width, height);
        drawn_key_ = key_;
        ++redraws_;
    }

    // Copy onto the window, inside the command's clip rectangle (blits obey the scissor test).
    const ImVec2 origin = data->DisplayPos;
    const int fb_height = static_cast<int>(std::lround(data->DisplaySize.y * scale.y));
    const int dst_x = static_cast<int>(std::lround((x_ - origin.x) * scale.x));
    const int dst_y = fb_height - static_cast<int>(std::lround((y_ - origin.y) * scale.y)) - height;
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.id());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(frame_target));
    glViewport(screen_viewport[0], screen_viewport[1], screen_viewport[2], screen_viewport[3]);
    const ImVec4 clip = command->ClipRect;
    glEnable(GL_SCISSOR_TEST);
    glScissor(static_cast<GLint>((clip.x - origin.x) * scale.x), static_cast<GLint>(fb_height - (clip.w - origin.y) * scale.y),
              static_cast<GLsizei>((clip.z - clip.x) * scale.x), static_cast<GLsizei>((clip.w - clip.y) * scale.y));
    glBlitFramebuffer(0, 0, width, height, dst_x, dst_y, dst_x + width, dst_y + height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(frame_target));
}

} // namespace prefixlab
