// Every file PrefixLab writes (traces, screenshots, results JSON and CSV, plots, the GUI's exports)
// goes through here, under one policy (docs/files-and-interrupts.md):
//
// - A target is a regular file, which is replaced, or a path that does not exist yet. A symbolic
//   link (to anything, a loop included), a directory, a FIFO, a device or a socket is refused with
//   one line naming what it is, before any work, and nothing is created or replaced.
// - Files appear whole or not at all: the content goes to a temporary file beside the target,
//   "TARGET.tmp-PID-K", which is renamed over the target only when complete. A failure, or a signal
//   that stops the process (interrupts.hpp), removes the temporary file and leaves the target as it
//   was.
// - A set of files that belong together (a benchmark's export) is written to temporaries first and
//   then committed: renamed one after the other with interrupts deferred, so a signal leaves either
//   the old set or the whole new one.
#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

class FileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// An empty path names no file. It is refused wherever a path arrives (a command-line option, a script's
// argument, a folder field of the GUI), exit code 2 on the command line, never taken to mean "none":
// leaving the option out says that. These are the words of every such refusal: "--csv '': an empty
// path names no file", "cannot write '': an empty path names no file".
inline constexpr const char* kEmptyPathProblem = "an empty path names no file";

// A path as messages quote it: printable() (control bytes and invalid UTF-8 escaped), cut only past
// 300 characters, far more than the 80 of other text, since a path cut short no longer names the file.
std::string quoted_path(const std::string& path);

// What is at `path`, in the words of the refusals below, judged as the policy judges it, without
// following a link: "" when nothing is there, else "a regular file", "a directory", "a FIFO", "a
// symbolic link to a character device", "a symbolic link in a loop", "a symbolic link to a missing
// path", … (for messages about a file PrefixLab will neither read nor replace: settings_file.cpp).
std::string what_is_at(const std::string& path);

// The same first check for a folder that files are written into (a benchmark's export, the GUI's
// exports of plots, tables and steps): throws FileError("cannot write into '': an empty path names no
// file") for an empty name, which would otherwise put the files in the current folder.
void require_folder_named(const std::string& folder);

// Throws FileError("cannot write 'PATH': REASON") when PATH may not be written under the policy above
// (it exists and is not a regular file), or its directory is missing or not writable. Creates nothing.
void require_writable(const std::string& path);

// Calls write(stream) on a temporary file and renames it to `path`. On any failure (including an
// exception from `write`) the temporary file is removed, `path` is untouched, and FileError or the
// exception propagates.
void write_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

// The same for writers that need a file name rather than a stream (PNG and PDF libraries).
void write_path_atomically(const std::string& path, const std::function<void(const std::string& temp)>& write);

// Files written together and committed at once. Until commit() nothing but temporary files exists;
// destroying an uncommitted set removes them. Not thread-safe: one thread stages and commits.
class AtomicFileSet {
public:
    AtomicFileSet();
    ~AtomicFileSet();
    AtomicFileSet(const AtomicFileSet&) = delete;
    AtomicFileSet& operator=(const AtomicFileSet&) = delete;

    // Writes the content of `path` to its temporary file now (require_writable first).
    void write(const std::string& path, const std::function<void(std::ostream&)>& write);
    void write_path(const std::string& path, const std::function<void(const std::string& temp)>& write);
    // A regular file to delete at commit (an output of an older run that this set does not replace).
    // Absent is fine; anything else is refused like a target.
    void remove_on_commit(const std::string& path);

    // Checks every target again (one may have become a link or a FIFO since it was written: then
    // nothing is committed), removes the files to remove, and renames the temporaries into place in
    // the order they were written. Interrupts are deferred until it returns.
    void commit();

    const std::vector<std::string>& targets() const { return targets_; }

private:
    struct Staged;
    std::vector<std::unique_ptr<Staged>> staged_;
    std::vector<std::string> targets_;
    std::vector<std::string> to_remove_;
};

} // namespace prefixlab
