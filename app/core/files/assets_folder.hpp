// Where PrefixLab finds what ships with it (assets/: lessons, shipped results and tables, quiz outcomes; issue 38).
// `prefixlab --version` and Help ▸ About say which folder, with the build (core/util/build_info.hpp), so that a bug
// report names the build and the folder it read.
#pragma once

#include <string>
#include <string_view>

namespace prefixlab {

// How the assets folder was found, first match wins:
//   environment  $PREFIXLAB_ASSETS_DIR, set (a lecturer's own copy; tests)
//   data_dir     $PREFIXLAB_DATA_DIR, where it holds a lessons/ folder: the GUI's own data folder (saved runs and
//                tables, files of their own) with a copy of the assets in it
//   installed    <the executable's folder>/../share/prefixlab, where `cmake --install` and the .deb put them
//   build_tree   the source tree's assets/ that this binary was built from (a build that was not installed)
enum class AssetsSource { environment, data_dir, installed, build_tree };

struct AssetsFolder {
    std::string path;
    AssetsSource source = AssetsSource::build_tree;
};

AssetsFolder find_assets_folder();
std::string_view name_of(AssetsSource source); // "from $PREFIXLAB_ASSETS_DIR", "installed", "build tree", …

// `prefixlab --version`'s lines: the version, the CUDA state, the assets folder and how it was found.
std::string version_report();

} // namespace prefixlab
