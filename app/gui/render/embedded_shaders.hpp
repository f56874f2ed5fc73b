// The GLSL sources of shaders/, compiled into the binary (see embed_shaders.cmake).
#pragma once

#include <string_view>

namespace prefixlab {

// The text of shaders/<name>, or an empty view when there is no such file.
std::string_view embedded_shader(std::string_view name);

} // namespace prefixlab
