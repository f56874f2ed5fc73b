// Files PrefixLab writes (traces, screenshots, exports) appear whole or not at all: the content goes
// to a temporary file beside the target, which is renamed over the target only when complete.
#pragma once

#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace prefixlab {

class FileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws FileError("cannot write 'PATH': REASON") when PATH's directory is missing or not writable,
// or PATH is a directory; creates nothing.
void require_writable(const std::string& path);

// Calls write(stream) on a temporary file and renames it to `path`. On any failure (including an
// exception from `write`) the temporary file is removed, `path` is untouched, and FileError or the
// exception propagates.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// The same for writers that need a file name rather than a stream (PNG and PDF libraries).
void write_path_atomically(const std::string& path, const std::function<void(const std::string& temp)>& write);

} // namespace prefixlab
