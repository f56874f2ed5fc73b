// The output policy (atomic_file.hpp): what may be replaced, how a file appears whole, and how a set
// of files is committed with interrupts deferred (interrupts.hpp).
#include "core/util/atomic_file.hpp"

#include "core/util/interrupts.hpp"
#include "core/util/printable.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace prefixlab {

namespace {

[[noreturn]] void cannot_write(const std::string& path, const std::string& reason) {
    throw FileError("cannot write '" + quoted_path(path) + "': " + reason);
}

std::string directory_of(const std::string& path) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

std::string kind_of(mode_t mode) {
    static constexpr std::pair<mode_t, const char*> kKinds[] = {
        {S_IFDIR, "a directory"},    {S_IFIFO, "a FIFO"},    {S_IFCHR, "a character device"},
        {S_IFBLK, "a block device"}, {S_IFSOCK, "a socket"}, {S_IFREG, "a regular file"}};
    for (const auto& [type, kind] : kKinds)
        if ((mode & S_IFMT) == type)
            return kind;
    return "not a regular file";
}

// What a symbolic link leads to, for the message: replacing the link would break what it points to
// (a device, another file), and writing through it would write where the user did not name.
std::string kind_of_link(const std::string& path) {
    struct stat target {};
    if (::stat(path.c_str(), &target) == 0)
        return "a symbolic link to " + kind_of(target.st_mode);
    if (errno == ELOOP)
        return "a symbolic link in a loop";
    if (errno == ENOENT)
        return "a symbolic link to a missing path";
    return "a symbolic link";
}

// What a node is, given its lstat() mode: a link is described by what it leads to.
std::string kind_at(const std::string& path, mode_t mode) {
    return S_ISLNK(mode) ? kind_of_link(path) : kind_of(mode);
}

enum class Target { absent, regular_file };

// The one check of a target, before the work and again just before the rename: absent or a regular
// file, else a FileError naming what it is. lstat: a link is judged as itself, never followed.
Target inspect_target(const std::string& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) {
        if (errno == ENOENT)
            return Target::absent; // a missing directory is reported by require_writable
        cannot_write(path, std::strerror(errno));
    }
    if (S_ISREG(info.st_mode))
        return Target::regular_file;
    cannot_write(path, "it is " + kind_at(path, info.st_mode) + " (PrefixLab replaces only regular files)");
}

// Tests only: PREFIXLAB_TEST_WRITE_DELAY_MS pauses after each file is written and between the renames
// of a commit, so that the interrupt tests (tests/cli/test_interrupts.cpp) can send a signal while
// temporary files exist or while a commit is under way. Read here and nowhere else.
void pause_for_tests() {
    static const int delay_ms = [] {
        const char* value = std::getenv("PREFIXLAB_TEST_WRITE_DELAY_MS");
        return value == nullptr ? 0 : std::clamp(std::atoi(value), 0, 10000);
    }();
    if (delay_ms > 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
}

std::string temporary_name(const std::string& path) {
    static std::atomic<unsigned> counter{0};
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

// RENAME_NOREPLACE where the target was absent: a node created there since the check (a link, a
// FIFO) is not replaced. Filesystems without it (EINVAL) fall back to rename() after a last check.
void rename_into_place(const std::string& temp, const std::string& target) {
    if (inspect_target(target) == Target::absent) {
        if (::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) == 0)
            return;
        if (errno == EEXIST)
            inspect_target(target); // something appeared: replace it only if it is a regular file
        else if (errno != EINVAL && errno != ENOSYS)
            cannot_write(target, std::strerror(errno));
    }
    if (std::rename(temp.c_str(), target.c_str()) != 0)
        cannot_write(target, std::strerror(errno));
}

} // namespace

std::string quoted_path(const std::string& path) {
    constexpr std::size_t kMaxQuotedPathChars = 300;
    return printable(path, kMaxQuotedPathChars);
}

std::string what_is_at(const std::string& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0)
        return "";
    return kind_at(path, info.st_mode);
}

struct AtomicFileSet::Staged {
    Staged(std::string target_path, std::string temp_path)
        : target(std::move(target_path)), temp(std::move(temp_path)), registration(temp) {}
    std::string target;
    std::string temp;
    RegisteredTemporary registration; // before the file exists: a stop never misses it
};

void require_writable(const std::string& path) {
    if (path.empty())
        cannot_write(path, kEmptyPathProblem);
    inspect_target(path);
    const std::string dir = directory_of(path);
    struct stat info {};
    if (::stat(dir.c_str(), &info) != 0) {
        if (errno == ENOENT)
            cannot_write(path, "directory '" + quoted_path(dir) + "' does not exist");
        cannot_write(path, std::strerror(errno));
    }
    if (!S_ISDIR(info.st_mode))
        cannot_write(path, "'" + quoted_path(dir) + "' is not a directory");
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        cannot_write(path, std::strerror(errno));
}

void require_folder_named(const std::string& folder) {
    if (folder.empty())
        throw FileError("cannot write into '': " + std::string(kEmptyPathProblem));
}

AtomicFileSet::AtomicFileSet() = default;

AtomicFileSet::~AtomicFileSet() {
    for (const std::unique_ptr<Staged>& staged : staged_)
        if (!staged->temp.empty())
            ::unlink(staged->temp.c_str());
}

void AtomicFileSet::write_path(const std::string& path,
                               const std::function<void(const std::string&)>& write) {
    require_writable(path);
    std::unique_ptr<Staged> staged;
    try {
        staged = std::make_unique<Staged>(path, temporary_name(path));
    } catch (const std::length_error& e) {
        cannot_write(path, e.what());
    }
    // O_EXCL: the temporary file is a new regular file of ours, never a node planted at its name.
    const int fd = ::open(staged->temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        cannot_write(path, std::strerror(errno));
    ::close(fd);
    try {
        write(staged->temp);
    } catch (...) {
        ::unlink(staged->temp.c_str());
        throw;
    }
    staged_.push_back(std::move(staged));
    targets_.push_back(path);
    pause_for_tests();
}

void AtomicFileSet::write(const std::string& path, const std::function<void(std::ostream&)>& write) {
    write_path(path, [&](const std::string& temp) {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            cannot_write(path, std::strerror(errno));
        write(out);
        out.close(); // errors of the last buffered write show only here
        if (!out)
            cannot_write(path, "write failed (disk full?)");
    });
}

void AtomicFileSet::remove_on_commit(const std::string& path) {
    inspect_target(path);
    to_remove_.push_back(path);
}

void AtomicFileSet::commit() {
    const DeferredInterrupts deferred; // a signal now stops the process after the last rename
    for (const std::unique_ptr<Staged>& staged : staged_)
        inspect_target(staged->target);
    for (const std::string& path : to_remove_)
        inspect_target(path);
    for (const std::string& path : to_remove_)
        if (::unlink(path.c_str()) != 0 && errno != ENOENT)
            cannot_write(path, std::string("cannot remove the older file: ") + std::strerror(errno));
    to_remove_.clear();
    for (std::size_t i = 0; i < staged_.size(); ++i) {
        if (i > 0)
            pause_for_tests();
        rename_into_place(staged_[i]->temp, staged_[i]->target);
        staged_[i]->registration.release();
        staged_[i]->temp.clear(); // renamed: nothing left for the destructor to remove
    }
    staged_.clear();
}

void write_path_atomically(const std::string& path, const std::function<void(const std::string&)>& write) {
    AtomicFileSet file;
    file.write_path(path, write);
    file.commit();
}

void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
    AtomicFileSet file;
    file.write(path, write);
    file.commit();
}

} // namespace prefixlab
