#include "gui/render/gl_program.hpp"

#include "gui/render/embedded_shaders.hpp"

#include <glad/gl.h>
#include <string>

namespace prefixlab {

namespace {

// Unless `object`'s `status` holds (a shader's GL_COMPILE_STATUS, a program's GL_LINK_STATUS): deletes
// it and throws RenderError(`failure` and the driver's log).
void check_status(GLuint object, GLenum status, PFNGLGETSHADERIVPROC get, PFNGLGETSHADERINFOLOGPROC get_log,
                  PFNGLDELETESHADERPROC destroy, const std::string& failure) {
    GLint ok = 0;
    get(object, status, &ok);
    if (ok)
        return;
    char log[2048] = {};
    get_log(object, sizeof log, nullptr, log);
    destroy(object);
    throw RenderError(failure + log);
}

unsigned compile(GLenum kind, const std::string& name) {
    const std::string_view source = embedded_shader(name);
    if (source.empty())
        throw RenderError("shader '" + name + "' is not embedded in this build");
    const unsigned shader = glCreateShader(kind);
    const char* text = source.data();
    const GLint length = static_cast<GLint>(source.size());
    glShaderSource(shader, 1, &text, &length);
    glCompileShader(shader);
    check_status(shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, glDeleteShader,
                 "shader '" + name + "' does not compile: ");
    return shader;
}

} // namespace

GlProgram::GlProgram(const std::string& vertex_shader, const std::string& fragment_shader) {
    const unsigned vs = compile(GL_VERTEX_SHADER, vertex_shader);
    unsigned fs = 0;
    try {
        fs = compile(GL_FRAGMENT_SHADER, fragment_shader);
    } catch (...) {
        glDeleteShader(vs);
        throw;
    }
    program_ = glCreateProgram();
    glAttachShader(program_, vs);
    glAttachShader(program_, fs);
    glLinkProgram(program_);
    glDeleteShader(vs);
    glDeleteShader(fs);
    check_status(program_, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, glDeleteProgram,
                 "shaders '" + vertex_shader + "' and '" + fragment_shader + "' do not link: ");
}

GlProgram::~GlProgram() { glDeleteProgram(program_); }

int GlProgram::uniform(const char* name) const { return glGetUniformLocation(program_, name); }

} // namespace prefixlab
