#include "atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void cannot_write(const std::string& path, const std::string& reason) {
    throw FileError("cannot write '" + path + "': " + reason);
}

fs::path directory_of(const std::string& path) {
    const fs::path parent = fs::path(path).parent_path();
    return parent.empty() ? fs::path(".") : parent;
}

std::string temporary_name(const std::string& path) {
    return path + ".tmp-" + std::to_string(::getpid());
}

} // namespace

void require_writable(const std::string& path) {
    if (path.empty())
        cannot_write(path, "empty file name");
    std::error_code ec;
    if (fs::is_directory(path, ec))
        cannot_write(path, "it is a directory");
    const fs::path dir = directory_of(path);
    if (!fs::exists(dir, ec))
        cannot_write(path, "directory '" + dir.string() + "' does not exist");
    if (!fs::is_directory(dir, ec))
        cannot_write(path, "'" + dir.string() + "' is not a directory");
    if (::access(dir.c_str(), W_OK) != 0)
        cannot_write(path, std::strerror(errno));
}

void write_path_atomically(const std::string& path, const std::function<void(const std::string&)>& write) {
    require_writable(path);
    const std::string temp = temporary_name(path);
    try {
        write(temp);
    } catch (...) {
        std::remove(temp.c_str());
        throw;
    }
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        std::remove(temp.c_str());
        cannot_write(path, reason);
    }
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
    write_path_atomically(path, [&](const std::string& temp) {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            cannot_write(path, std::strerror(errno));
        write(out);
        out.flush();
        if (!out)
            cannot_write(path, "write failed (disk full?)");
    });
}

} // namespace prefixlab
