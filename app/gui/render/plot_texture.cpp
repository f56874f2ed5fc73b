#include "gui/render/plot_texture.hpp"

#include "gui/layout/layout_check.hpp"

#include <cmath>
#include <cstdint>
#include <glad/gl.h>
#include <imgui_impl_opengl3.h>

namespace prefixlab {

void PlotTexture::ensure_target(int width, int height) {
    if (framebuffer_.made() && width == width_ && height == height_)
        return;
    framebuffer_.make();
    texture_.make();
    GLint bound_texture = 0, bound_framebuffer = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound_texture);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &bound_framebuffer);
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    // Texel for pixel: nearest, so the copy is exact.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.id(), 0);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(bound_framebuffer));
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound_texture));
    width_ = width;
    height_ = height;
    key_.clear(); // new storage holds nothing yet
}

void PlotTexture::render(ImVec2 size, const Paint& paint) {
    ImDrawList picture(ImGui::GetDrawListSharedData());
    picture._ResetForNewFrame();
    picture.PushTextureID(ImGui::GetIO().Fonts->TexID);
    picture.PushClipRect(ImVec2(0, 0), size);
    paint(picture, size);
    picture.PopClipRect();

    ImDrawList* lists[] = {&picture};
    ImDrawData data;
    data.Valid = true;
    data.CmdLists = lists;
    data.CmdListsCount = 1;
    data.TotalVtxCount = picture.VtxBuffer.Size;
    data.TotalIdxCount = picture.IdxBuffer.Size;
    data.DisplayPos = ImVec2(0, 0);
    data.DisplaySize = size;
    data.FramebufferScale = ImVec2(float(width_) / size.x, float(height_) / size.y);

    GLint bound_framebuffer = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &bound_framebuffer);
    GLfloat clear[4];
    glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    // Opaque black under the picture: its alpha stays 1 through Dear ImGui's blending, so the quad
    // covers what lies beneath it on screen exactly.
    const GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    if (scissor)
        glEnable(GL_SCISSOR_TEST);
    ImGui_ImplOpenGL3_RenderDrawData(&data); // restores the GL state it changes, viewport included
    glClearColor(clear[0], clear[1], clear[2], clear[3]);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(bound_framebuffer));
    ++redraws_;
}

// The picture drawn straight into the window's list, for the frame the layout check reads: text in a
// texture would be invisible to it. The painter draws with (0, 0) at the top left, so it paints under a
// clip rectangle in picture coordinates, and then its vertices and clip rectangles move to `at`.
void draw_live(ImDrawList* list, ImVec2 at, ImVec2 size, const PlotTexture::Paint& paint) {
    const ImVec2 parent_min = list->GetClipRectMin(), parent_max = list->GetClipRectMax();
    list->PushClipRect(ImVec2(0, 0), size, false);
    // The command the push opened (or took over, when it was empty): the first in picture coordinates.
    const int first_cmd = list->CmdBuffer.Size - 1, first_vtx = list->VtxBuffer.Size;
    paint(*list, size);
    const int last_cmd = list->CmdBuffer.Size - 1;
    list->PopClipRect();
    for (int v = first_vtx; v < list->VtxBuffer.Size; ++v) {
        list->VtxBuffer[v].pos.x += at.x;
        list->VtxBuffer[v].pos.y += at.y;
    }
    for (int c = std::max(first_cmd, 0); c <= last_cmd; ++c) {
        // Moved to `at`, and inside the window's clip rectangle, as the texture's quad would be.
        ImVec4& r = list->CmdBuffer[c].ClipRect;
        r = ImVec4(std::max(r.x + at.x, parent_min.x), std::max(r.y + at.y, parent_min.y),
                   std::min(r.z + at.x, parent_max.x), std::min(r.w + at.y, parent_max.y));
    }
}

void PlotTexture::draw(ImDrawList* list, ImVec2 at, ImVec2 size, const std::string& key, const Paint& paint) {
    size = ImVec2(std::floor(size.x), std::floor(size.y));
    if (size.x < 1 || size.y < 1)
        return;
    at = ImVec2(std::round(at.x), std::round(at.y));
    if (layout::checking()) {
        draw_live(list, at, size, paint);
        return;
    }
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    ensure_target(static_cast<int>(std::lround(size.x * scale.x)), static_cast<int>(std::lround(size.y * scale.y)));
    if (key != key_) {
        render(size, paint);
        key_ = key;
    }
    // Texture rows run bottom-up in OpenGL: v from 1 at the top to 0 at the bottom.
    list->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_.id())), at,
                   ImVec2(at.x + size.x, at.y + size.y), ImVec2(0, 1), ImVec2(1, 0));
}

} // namespace prefixlab
