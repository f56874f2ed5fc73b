#include "core/files/assets_folder.hpp"

#include "core/util/build_info.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

bool holds_assets(const fs::path& folder) {
    std::error_code error;
    return fs::is_directory(folder / "lessons", error);
}

// An installed tree: bin/prefixlab beside share/prefixlab/, which holds the lessons.
std::string installed_assets() {
    std::error_code error;
    const fs::path exe = fs::read_symlink("/proc/self/exe", error);
    if (error)
        return "";
    const fs::path share = exe.parent_path().parent_path() / "share" / "prefixlab";
    return holds_assets(share) ? share.string() : "";
}

} // namespace

AssetsFolder find_assets_folder() {
    if (const char* set = std::getenv("PREFIXLAB_ASSETS_DIR"); set != nullptr && *set != '\0')
        return {set, AssetsSource::environment};
    if (const char* data = std::getenv("PREFIXLAB_DATA_DIR"); data != nullptr && *data != '\0' && holds_assets(data))
        return {data, AssetsSource::data_dir};
    if (std::string installed = installed_assets(); !installed.empty())
        return {std::move(installed), AssetsSource::installed};
    return {PREFIXLAB_BUILD_TREE_ASSETS, AssetsSource::build_tree};
}

std::string_view name_of(AssetsSource source) {
    switch (source) {
    case AssetsSource::environment:
        return "from $PREFIXLAB_ASSETS_DIR";
    case AssetsSource::data_dir:
        return "from $PREFIXLAB_DATA_DIR";
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
