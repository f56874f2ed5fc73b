// A linked OpenGL shader program from two of the embedded shaders. Compile and link errors become a
// RenderError carrying the driver's log, reported once; the view that needs the program then says
// so instead of drawing.
#pragma once

#include <stdexcept>
#include <string>

namespace prefixlab {

class RenderError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class GlProgram {
public:
    GlProgram(const std::string& vertex_shader, const std::string& fragment_shader); // throws RenderError
    ~GlProgram();
    GlProgram(const GlProgram&) = delete;
    GlProgram& operator=(const GlProgram&) = delete;

    unsigned id() const { return program_; }
    int uniform(const char* name) const;

private:
    unsigned program_ = 0;
};

} // namespace prefixlab
