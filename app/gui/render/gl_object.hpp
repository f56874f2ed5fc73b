// An OpenGL object a renderer owns (a framebuffer, renderbuffer, texture, buffer or vertex array): made
// when the renderer first needs it, once the context exists (views are built before the window), and
// deleted with the renderer. Neither copied nor moved, so neither is its owner: two owners would delete
// one name twice, and the draw callbacks queued in a frame hold their renderer's address.
#pragma once

namespace prefixlab {

enum class GlObjectKind { framebuffer, renderbuffer, texture, buffer, vertex_array };

unsigned make_gl_object(GlObjectKind kind);
void delete_gl_object(GlObjectKind kind, unsigned name); // name 0, never made: nothing

template <GlObjectKind Kind>
class GlObject {
public:
    GlObject() = default;
    ~GlObject() { delete_gl_object(Kind, name_); }
    GlObject(const GlObject&) = delete;
    GlObject& operator=(const GlObject&) = delete;

    // Makes the object unless it exists.
    void make() {
        if (name_ == 0)
            name_ = make_gl_object(Kind);
    }
    bool made() const { return name_ != 0; }
    unsigned id() const { return name_; } // 0 before make()

private:
    unsigned name_ = 0;
};

using GlFramebuffer = GlObject<GlObjectKind::framebuffer>;
using GlRenderbuffer = GlObject<GlObjectKind::renderbuffer>;
using GlTexture = GlObject<GlObjectKind::texture>;
using GlBuffer = GlObject<GlObjectKind::buffer>;
using GlVertexArray = GlObject<GlObjectKind::vertex_array>;

} // namespace prefixlab
