#include "gui/shell/app_folders.hpp"

#include "core/files/assets_folder.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value != nullptr ? value : "";
}

} // namespace

std::string assets_folder() { return find_assets_folder().path; }

std::string data_folder() {
    if (const std::string dir = env("PREFIXLAB_DATA_DIR"); !dir.empty())
        return dir;
    if (const std::string xdg = env("XDG_DATA_HOME"); !xdg.empty())
        return (fs::path(xdg) / "prefixlab").string();
    if (const std::string home = env("HOME"); !home.empty())
        return (fs::path(home) / ".local" / "share" / "prefixlab").string();
    return (fs::temp_directory_path() / "prefixlab").string();
}

std::vector<fs::path> files_in(const fs::path& folder, const std::string& extension, const std::string& tag) {
    std::vector<fs::path> files;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
        if (it->path().extension() == extension && it->path().filename().string().find(tag) != std::string::npos)
            files.push_back(it->path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace prefixlab
