# Embeds the GLSL files of shaders/ into the binary at configure time, so PrefixLab runs from any
# directory. Re-runs when a shader changes (CMAKE_CONFIGURE_DEPENDS).
function(prefixlab_embed_shaders output)
  file(GLOB shaders CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/shaders/*.vert ${PROJECT_SOURCE_DIR}/shaders/*.frag)
  set(entries "")
  foreach(shader IN LISTS shaders)
    get_filename_component(name ${shader} NAME)
    file(READ ${shader} text)
    string(APPEND entries "    {\"${name}\", R\"glsl(${text})glsl\"},\n")
  endforeach()
  file(CONFIGURE OUTPUT ${output} CONTENT "// Generated from shaders/ by embed_shaders.cmake; do not edit.
#include \"gui/render/embedded_shaders.hpp\"

#include <map>
#include <string>

namespace prefixlab {

std::string_view embedded_shader(std::string_view name) {
    static const std::map<std::string, std::string, std::less<>> shaders = {
${entries}    };
    const auto it = shaders.find(name);
    return it == shaders.end() ? std::string_view() : std::string_view(it->second);
}

} // namespace prefixlab
" @ONLY)
endfunction()
