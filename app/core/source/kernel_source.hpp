// The kernels' own source files, compiled into the binary byte for byte (embed_kernel_sources.cmake):
// the source panel shows the file a kernel compiles from, and the step's sync line in it.
#pragma once

#include <string_view>
#include <vector>

namespace prefixlab {

// The text of a kernel source file by its repository path ("kernels/block/blelloch.cuh"), or an
// empty view when it is not embedded.
std::string_view kernel_source_text(std::string_view path);

// Every embedded file's path, sorted.
std::vector<std::string_view> embedded_kernel_source_paths();

} // namespace prefixlab
