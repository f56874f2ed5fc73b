// Running a program the way a user would and capturing what it says: used by the command-line and
// GUI tests, which exercise the real prefixlab binary.
#pragma once

#include <filesystem>
#include <string>

namespace prefixlab::test {

struct ProcessResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// Runs `command` (one command or a list) through /bin/sh with stdout and stderr captured; a crash of
// LeakSanitizer's tracer runs it again (process.cpp says why).
ProcessResult run_process(const std::string& command);

// As above, for a command that changes `folder` (a script that saves a lesson, settings that remember
// it): a run again after the tracer's crash starts from the folder as it was before the first run, since
// the crashed run did all its work before the tool failed at exit.
ProcessResult run_process(const std::string& command, const std::filesystem::path& folder);

// Quotes one argument for /bin/sh.
std::string shell_quote(const std::string& argument);

#ifdef PREFIXLAB_BINARY
// The prefixlab binary under test (its path is the including target's PREFIXLAB_BINARY), run with
// `arguments`, quoted where they need it.
inline ProcessResult run_prefixlab(const std::string& arguments) {
    return run_process(shell_quote(PREFIXLAB_BINARY) + " " + arguments);
}
#endif

} // namespace prefixlab::test
