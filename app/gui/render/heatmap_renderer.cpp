#include "gui/render/heatmap_renderer.hpp"

#include "gui/colour_map.hpp"
#include "gui/render/gl_program.hpp"
#include "gui/render/vector_frame.hpp"

#include <glad/gl.h>
#include <imgui.h>

namespace prefixlab {

namespace {

// Built on first use, when the context exists; never deleted (see instanced_shapes.cpp).
GlProgram& heatmap_program() {
    static GlProgram* program = new GlProgram("heatmap.vert", "heatmap.frag");
    return *program;
}

} // namespace

void HeatmapRenderer::set_counts(std::vector<std::uint8_t> counts, int rows) {
    counts_ = std::move(counts);
    rows_ = rows;
    dirty_ = true;
}

void HeatmapRenderer::draw_rows(ImDrawList* list, float x, float y, float width, float height, int first_row,
                                int row_count) {
    if (rows_ == 0 || !error_.empty() || row_count <= 0 || first_row < 0 || first_row + row_count > rows_)
        return;
    if (render::vector_frame()) { // cells as rectangles, in the colours the shader looks up
        render::add_vector_heatmap(list, counts_, x, y, width, height, first_row, row_count);
        return;
    }
    if (segments_frame_ != ImGui::GetFrameCount()) { // last frame's segments have been rendered
        segments_.clear();
        segments_frame_ = ImGui::GetFrameCount();
    }
    segments_.push_back({this, x, y, width, height, first_row, row_count});
    list->AddCallback(&HeatmapRenderer::render_callback, &segments_.back());
    list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void HeatmapRenderer::render_callback(const ImDrawList*, const ImDrawCmd* command) {
    const Segment& segment = *static_cast<const Segment*>(command->UserCallbackData);
    segment.owner->render(segment, command);
}

void HeatmapRenderer::upload_colours() {
    std::uint8_t colours[(kMaxConflictDegree + 1) * 4];
    for (int v = 0; v <= kMaxConflictDegree; ++v) {
        const theme::Rgb c = conflict_colour(v);
        colours[4 * v] = c.r;
        colours[4 * v + 1] = c.g;
        colours[4 * v + 2] = c.b;
        colours[4 * v + 3] = 255;
    }
    glBindTexture(GL_TEXTURE_2D, colours_texture_.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kMaxConflictDegree + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, colours);
    colours_theme_ = theme::current();
    colours_uploaded_ = true;
}

bool HeatmapRenderer::prepare() {
    try {
        heatmap_program();
    } catch (const RenderError& e) {
        error_ = e.what();
        return false;
    }
    if (!vao_.made()) {
        const float corners[8] = {0, 0, 1, 0, 0, 1, 1, 1};
        vao_.make();
        buffer_.make();
        glBindVertexArray(vao_.id());
        glBindBuffer(GL_ARRAY_BUFFER, buffer_.id());
        glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);

        colours_texture_.make();
        counts_texture_.make();
    }
    if (!colours_uploaded_ || colours_theme_ != theme::current())
        upload_colours();
    if (dirty_) {
        glBindTexture(GL_TEXTURE_2D, counts_texture_.id());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 32, rows_, 0, GL_RED, GL_UNSIGNED_BYTE, counts_.data());
        dirty_ = false;
    }
    return true;
}

void HeatmapRenderer::render(const Segment& segment, const ImDrawCmd* command) {
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr || !prepare())
        return;
    const ImVec2 origin = data->DisplayPos, scale = data->FramebufferScale;
    const float fb_height = data->DisplaySize.y * scale.y;
    const ImVec4 clip = command->ClipRect;
    if (clip.z <= clip.x || clip.w <= clip.y)
        return;
    glEnable(GL_SCISSOR_TEST);
    glScissor(static_cast<GLint>((clip.x - origin.x) * scale.x), static_cast<GLint>(fb_height - (clip.w - origin.y) * scale.y),
              static_cast<GLsizei>((clip.z - clip.x) * scale.x), static_cast<GLsizei>((clip.w - clip.y) * scale.y));
    glDisable(GL_BLEND);
    const GlProgram& program = heatmap_program();
    glUseProgram(program.id());
    glUniform2f(program.uniform("u_offset"), segment.x, segment.y);
    glUniform2f(program.uniform("u_size"), segment.width, segment.height);
    glUniform2f(program.uniform("u_rows"), static_cast<float>(segment.first_row) / static_cast<float>(rows_),
                static_cast<float>(segment.row_count) / static_cast<float>(rows_));
    glUniform4f(program.uniform("u_display"), origin.x, origin.y, data->DisplaySize.x, data->DisplaySize.y);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, counts_texture_.id());
    glUniform1i(program.uniform("u_counts"), 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, colours_texture_.id());
    glUniform1i(program.uniform("u_colours"), 1);
    glBindVertexArray(vao_.id());
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glActiveTexture(GL_TEXTURE0);
}

} // namespace prefixlab
