#include "gui/render/gl_object.hpp"

#include <cstddef>
#include <glad/gl.h>
#include <iterator>

namespace prefixlab {

namespace {

// OpenGL's pair of calls for each GlObjectKind, in its order.
struct GlObjectCalls {
    void (*make)(GLuint* name);
    void (*destroy)(const GLuint* name);
};

const GlObjectCalls kGlObjectCalls[] = {
    {[](GLuint* n) { glGenFramebuffers(1, n); }, [](const GLuint* n) { glDeleteFramebuffers(1, n); }},
    {[](GLuint* n) { glGenRenderbuffers(1, n); }, [](const GLuint* n) { glDeleteRenderbuffers(1, n); }},
    {[](GLuint* n) { glGenTextures(1, n); }, [](const GLuint* n) { glDeleteTextures(1, n); }},
    {[](GLuint* n) { glGenBuffers(1, n); }, [](const GLuint* n) { glDeleteBuffers(1, n); }},
    {[](GLuint* n) { glGenVertexArrays(1, n); }, [](const GLuint* n) { glDeleteVertexArrays(1, n); }},
};
static_assert(std::size(kGlObjectCalls) == static_cast<std::size_t>(GlObjectKind::vertex_array) + 1);

} // namespace

unsigned make_gl_object(GlObjectKind kind) {
    GLuint name = 0;
    kGlObjectCalls[static_cast<int>(kind)].make(&name);
    return name;
}

void delete_gl_object(GlObjectKind kind, unsigned name) {
    if (name != 0)
        kGlObjectCalls[static_cast<int>(kind)].destroy(&name);
}

} // namespace prefixlab
