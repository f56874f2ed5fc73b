// Saves what the window shows as a PNG (stb_image_write), atomically.
#pragma once

#include "gui/platform/platform_window.hpp"

#include <string>

namespace prefixlab {

// Throws FileError when the path is not writable or the PNG cannot be encoded.
void save_png(const Image& image, const std::string& path);
// Encodes into `temp`, the temporary file of an atomic writer that renames it to `target` (named in
// the error).
void write_png(const Image& image, const std::string& temp, const std::string& target);

} // namespace prefixlab
