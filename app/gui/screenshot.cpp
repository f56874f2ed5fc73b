#include "gui/screenshot.hpp"

#include "core/util/atomic_file.hpp"

#include <stb_image_write.h>

namespace prefixlab {

void write_png(const Image& image, const std::string& temp, const std::string& target) {
    if (!stbi_write_png(temp.c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4))
        throw FileError("cannot write '" + target + "': PNG encoding failed");
}

void save_png(const Image& image, const std::string& path) {
    write_path_atomically(path, [&](const std::string& temp) { write_png(image, temp, path); });
}

} // namespace prefixlab
