#include "core/util/input_limits.hpp"

#include "core/util/atomic_file.hpp"
#include "core/util/printable.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace prefixlab {

namespace {

[[noreturn]] void refuse(std::string_view what, const std::string& path, const std::string& reason) {
    throw InputLimitError("cannot read " + std::string(what) + " '" + printable_path(path) + "': " + reason);
}

std::string megabytes(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

const char* why_not_regular(mode_t mode) {
    if (S_ISDIR(mode))
        return "it is a directory";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "it is a device, not a regular file";
    if (S_ISFIFO(mode))
        return "it is a FIFO, not a regular file";
    if (S_ISSOCK(mode))
        return "it is a socket, not a regular file";
    return "it is not a regular file";
}

// Closes the descriptor on every path out.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

std::string read_bounded_file(const std::string& path, std::uint64_t max_bytes, std::string_view what) {
    if (path.empty())
        refuse(what, path, kEmptyPathProblem);
    // O_NONBLOCK: opening a FIFO with no writer would otherwise block for ever before fstat can refuse it.
    const Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (file.fd < 0)
        refuse(what, path, std::strerror(errno));
    struct stat info {};
    if (::fstat(file.fd, &info) != 0)
        refuse(what, path, std::strerror(errno));
    if (!S_ISREG(info.st_mode))
        refuse(what, path, why_not_regular(info.st_mode));
    const auto limit_text = [&] { return "larger than the limit of " + megabytes(max_bytes) + " for a " + std::string(what); };
    if (static_cast<std::uint64_t>(info.st_size) > max_bytes)
        refuse(what, path, limit_text());

    std::string text;
    text.reserve(static_cast<std::size_t>(info.st_size));
    char chunk[1 << 16];
    for (;;) {
        const ssize_t got = ::read(file.fd, chunk, sizeof chunk);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            refuse(what, path, std::strerror(errno));
        }
        if (got == 0)
            break;
        if (text.size() + static_cast<std::uint64_t>(got) > max_bytes)
            refuse(what, path, limit_text()); // it grew while being read
        text.append(chunk, static_cast<std::size_t>(got));
    }
    return text;
}

void check_json_depth(std::string_view text, int max_depth, std::size_t max_values) {
    int depth = 0;
    bool in_string = false;
    bool escaped = false;
    std::size_t values = 1; // every value but the first follows a comma or opens an array or object
    for (const char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_depth)
                throw std::invalid_argument("arrays and objects nest deeper than the limit of " +
                                            std::to_string(max_depth) + " levels");
            if (++values > max_values) // its first item (an empty one counts too: an upper bound)
                throw std::invalid_argument("more than the limit of " + std::to_string(max_values) + " values");
        } else if (c == ']' || c == '}') {
            --depth; // unbalanced input is the parser's to report
        } else if (c == ',' && ++values > max_values) {
            throw std::invalid_argument("more than the limit of " + std::to_string(max_values) + " values");
        }
    }
}

} // namespace prefixlab
