// Where PrefixLab finds what ships with it (assets/: lessons, shipped results and tables, quiz outcomes) and what
// its build is (issue 38): the version, CUDA or not. `prefixlab --version` and Help ▸ About say both, so that a
// bug report names the build and the folder it read.
#pragma once

#include <string>
#include <string_view>

namespace prefixlab {

// How the assets folder was found, first match wins:
//   environment  $PREFIXLAB_ASSETS_DIR, set (a lecturer's own copy; tests)
//   installed    <the executable's folder>/../share/prefixlab, where `cmake --install` and the .deb put them
//   build_tree   the source tree's assets/ that this binary was built from (a build that was not installed)
enum class AssetsSource { environment, installed, build_tree };

struct AssetsFolder {
    std::string path;
    AssetsSource source = AssetsSource::build_tree;
};

AssetsFolder find_assets_folder();
std::string_view name_of(AssetsSource source); // "from $PREFIXLAB_ASSETS_DIR", "installed", "build tree"

// The version: the release number, with git describe's words where the build was configured in a clone
// ("0.1.0+g4edab56"); CMake's project version elsewhere.
std::string_view prefixlab_version();
// The build's CUDA state as one phrase: "CUDA 13.0, architectures 90-real;90-virtual" or "built without CUDA
// (the CPU emulator only)".
std::string_view cuda_build_state();

// `prefixlab --version`'s lines: the version, the CUDA state, the assets folder and how it was found.
std::string version_report();

} // namespace prefixlab
