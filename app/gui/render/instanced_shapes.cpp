#include "gui/render/instanced_shapes.hpp"

#include "gui/render/gl_program.hpp"
#include "gui/render/vector_frame.hpp"

#include <algorithm>
#include <cstddef>
#include <glad/gl.h>
#include <imgui.h>
#include <memory>

namespace prefixlab {

namespace {

// One program per kind, shared by every InstancedShapes of that kind; built on first use, when the
// OpenGL context exists. Deliberately never deleted: PrefixLab has one context for its whole life,
// and a static destructor would run after the window (and its context) is gone.
GlProgram& program_for(InstancedShapes::Kind kind) {
    static GlProgram* programs[2] = {nullptr, nullptr};
    static const char* vertex_shaders[2] = {"shape_quad.vert", "shape_line.vert"};
    const int index = static_cast<int>(kind);
    if (programs[index] == nullptr)
        programs[index] = new GlProgram(vertex_shaders[index], "shape_flat.frag");
    return *programs[index];
}

// One vertex of a shape's two triangles: the whole shape (rectangle or segment), its colour, which
// corner this vertex is, and (segments) the width.
struct ShapeVertex {
    float x0, y0, x1, y1;
    std::uint32_t rgba;
    float corner_x, corner_y;
    float width;
};

// The six corners of two triangles covering a rectangle.
constexpr float kCorners[6][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 1}};

template <class Shape>
void append_vertices(std::vector<ShapeVertex>& out, const Shape& s, float width) {
    for (const auto& c : kCorners)
        out.push_back({s.x0, s.y0, s.x1, s.y1, s.rgba, c[0], c[1], width});
}

} // namespace

InstancedShapes::InstancedShapes(Kind kind) : kind_(kind) {}

void InstancedShapes::set_quads(std::vector<QuadInstance> quads) {
    quads_ = std::move(quads);
    dirty_ = true;
}

void InstancedShapes::set_lines(std::vector<LineInstance> lines) {
    lines_ = std::move(lines);
    dirty_ = true;
}

std::size_t InstancedShapes::count() const { return kind_ == Kind::quads ? quads_.size() : lines_.size(); }

void InstancedShapes::draw(ImDrawList* list, const ShapeTransform& transform) {
    if (count() == 0 || !error_.empty())
        return;
    if (render::vector_frame()) {
        add_to_draw_list(list, transform);
        return;
    }
    transform_ = transform;
    list->AddCallback(&InstancedShapes::render_callback, this);
    list->AddCallback(ImDrawCallback_ResetRenderState, nullptr); // give ImGui its GL state back
}

void InstancedShapes::add_to_draw_list(ImDrawList* list, const ShapeTransform& transform) const {
    if (kind_ == Kind::quads)
        render::add_vector_quads(list, quads_, transform);
    else
        render::add_vector_lines(list, lines_, transform);
}

void InstancedShapes::render_callback(const ImDrawList*, const ImDrawCmd* command) {
    static_cast<InstancedShapes*>(command->UserCallbackData)->render(command);
}

void InstancedShapes::create_objects() {
    vao_.make();
    buffer_.make();
    glBindVertexArray(vao_.id());
    glBindBuffer(GL_ARRAY_BUFFER, buffer_.id());
    constexpr GLsizei stride = sizeof(ShapeVertex);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, stride, nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(ShapeVertex, rgba)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ShapeVertex, corner_x)));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 1, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ShapeVertex, width)));
}

bool InstancedShapes::prepare() {
    GlProgram* program = nullptr;
    try {
        program = &program_for(kind_);
    } catch (const RenderError& e) {
        error_ = e.what();
        return false;
    }
    if (!vao_.made())
        create_objects();
    glBindVertexArray(vao_.id());
    glBindBuffer(GL_ARRAY_BUFFER, buffer_.id());
    if (dirty_) {
        std::vector<ShapeVertex> vertices;
        vertices.reserve(6 * count());
        for (const QuadInstance& q : quads_)
            append_vertices(vertices, q, 0.0f);
        for (const LineInstance& l : lines_)
            append_vertices(vertices, l, l.width_pixels);
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(ShapeVertex)), vertices.data(),
                     GL_DYNAMIC_DRAW);
        uploaded_ = vertices.size();
        dirty_ = false;
    }
    glUseProgram(program->id());
    return true;
}

void InstancedShapes::draw_arrays(const ShapeTransform& transform, float x, float y, float width, float height) {
    const GlProgram& program = program_for(kind_);
    glDisable(GL_BLEND);
    glUniform2f(program.uniform("u_offset"), transform.offset_x, transform.offset_y);
    glUniform2f(program.uniform("u_scale"), transform.scale_x, transform.scale_y);
    glUniform4f(program.uniform("u_display"), x, y, width, height);
    if (kind_ == Kind::quads)
        glUniform1f(program.uniform("u_min_pixels"), transform.min_pixels);
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(uploaded_));
}

void InstancedShapes::render_into(const ShapeTransform& transform, float x, float y, float width, float height,
                                  int fb_x, int fb_y, int fb_width, int fb_height) {
    if (count() == 0 || !prepare())
        return;
    glViewport(fb_x, fb_y, fb_width, fb_height);
    draw_arrays(transform, x, y, width, height);
}

void InstancedShapes::render(const ImDrawCmd* command) {
    const ImDrawData* data = ImGui::GetDrawData();
    if (data == nullptr || !prepare())
        return;
    // The command's clip rectangle, in framebuffer pixels with OpenGL's bottom-left origin.
    const ImVec2 origin = data->DisplayPos, scale = data->FramebufferScale;
    const float fb_height = data->DisplaySize.y * scale.y;
    const float x0 = (command->ClipRect.x - origin.x) * scale.x, y0 = (command->ClipRect.y - origin.y) * scale.y;
    const float x1 = (command->ClipRect.z - origin.x) * scale.x, y1 = (command->ClipRect.w - origin.y) * scale.y;
    if (x1 <= x0 || y1 <= y0)
        return;
    glEnable(GL_SCISSOR_TEST);
    glScissor(static_cast<GLint>(x0), static_cast<GLint>(fb_height - y1), static_cast<GLsizei>(x1 - x0),
              static_cast<GLsizei>(y1 - y0));
    draw_arrays(transform_, origin.x, origin.y, data->DisplaySize.x, data->DisplaySize.y);
}

} // namespace prefixlab
