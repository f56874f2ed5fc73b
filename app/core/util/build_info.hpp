// What this build of PrefixLab is (issue 38): the version and the CUDA state, which `prefixlab --version`, Help ▸
// About, trace files, results files and exported figures carry, so that a bug report or a slide names its build.
#pragma once

#include <string>
#include <string_view>

namespace prefixlab {

// The version: a release tag's number with git describe's words, else the project version and the commit
// ("0.1.0+g4edab56"), else the project version (CMakeLists.txt, at configure time).
std::string_view prefixlab_version();
// "PrefixLab 0.1.0+g4edab56": what a file's "written by" field and a figure's metadata say.
std::string written_by();
// The build's CUDA state as one phrase: "CUDA 13.0.88, architectures 90" or "built without CUDA (the CPU emulator
// only)".
std::string_view cuda_build_state();

} // namespace prefixlab
