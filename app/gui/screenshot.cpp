#include "gui/screenshot.hpp"

#include "core/util/atomic_file.hpp"

#include <stb_image_write.h>

namespace prefixlab {

void save_png(const Image& image, const std::string& path) {
    write_path_atomically(path, [&](const std::string& temp) {
        if (!stbi_write_png(temp.c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4))
            throw FileError("cannot write '" + path + "': PNG encoding failed");
    });
}

} // namespace prefixlab
