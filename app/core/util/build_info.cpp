#include "core/util/build_info.hpp"

#include "core/util/build_values.hpp" // generated at configure time (app/core/CMakeLists.txt)

namespace prefixlab {

std::string_view prefixlab_version() { return kBuildVersion; }

std::string written_by() { return "PrefixLab " + std::string(kBuildVersion); }

std::string_view cuda_build_state() { return kBuildCuda; }

} // namespace prefixlab
