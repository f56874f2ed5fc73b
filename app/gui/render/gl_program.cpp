#include "gui/render/gl_program.hpp"

#include "gui/render/embedded_shaders.hpp"

#include <glad/gl.h>
#include <string>

namespace prefixlab {

namespace {

unsigned compile(GLenum kind, const std::string& name) {
    const std::string_view source = embedded_shader(name);
    if (source.empty())
        throw RenderError("shader '" + name + "' is not embedded in this build");
    const unsigned shader = glCreateShader(kind);
    const char* text = source.data();
    const GLint length = static_cast<GLint>(source.size());
    glShaderSource(shader, 1, &text, &length);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        glDeleteShader(shader);
        throw RenderError("shader '" + name + "' does not compile: " + log);
    }
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
    GLint ok = 0;
    glGetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetProgramInfoLog(program_, sizeof log, nullptr, log);
        glDeleteProgram(program_);
        throw RenderError("shaders '" + vertex_shader + "' and '" + fragment_shader + "' do not link: " + log);
    }
}

GlProgram::~GlProgram() { glDeleteProgram(program_); }

int GlProgram::uniform(const char* name) const { return glGetUniformLocation(program_, name); }

} // namespace prefixlab
