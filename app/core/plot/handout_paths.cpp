#include "core/plot/handout.hpp"
#include "core/util/atomic_file.hpp"

#include <filesystem>

namespace prefixlab {

void require_handout_writable(const std::string& pdf_path, const std::string& png_folder) {
    require_writable(pdf_path);
    if (png_folder.empty())
        return;
    require_folder_named(png_folder);
    std::error_code ec;
    require_writable(std::filesystem::is_directory(png_folder, ec)
                         ? (std::filesystem::path(png_folder) / "scene-01.png").string()
                         : png_folder);
}

} // namespace prefixlab
