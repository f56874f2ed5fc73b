#include "core/files/assets_folder.hpp"

#include "core/util/build_info.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

// An installed tree: bin/prefixlab beside share/prefixlab/, which holds the lessons.
std::string installed_assets() {
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    if (error)
        return "";
    const fs::path share = exe.parent_path().parent_path() / "share" / "prefixlab";
    return fs::is_directory(share / "lessons", error) ? share.string() : "";
}

} // namespace

AssetsFolder find_assets_folder() {
    if (const char* set = std::getenv("PREFIXLAB_ASSETS_DIR"); set != nullptr && *set != '\0')
        return {set, AssetsSource::environment};
    if (std::string installed = installed_assets(); !installed.empty())
        return {std::move(installed), AssetsSource::installed};
    return {PREFIXLAB_BUILD_TREE_ASSETS, AssetsSource::build_tree};
}

std::string_view name_of(AssetsSource source) {
    switch (source) {
    case AssetsSource::environment:
        return "from $PREFIXLAB_ASSETS_DIR";
    case AssetsSource::installed:
        return "installed";
    case AssetsSource::build_tree:
        break;
    }
    return "build tree";
}

std::string version_report() {
    const AssetsFolder assets = find_assets_folder();
    return "prefixlab " + std::string(prefixlab_version()) + "\n" + std::string(cuda_build_state()) + "\nassets: " +
           assets.path + " (" + std::string(name_of(assets.source)) + ")\n";
}

} // namespace prefixlab
