// Running another program (PrefixLab itself, or compute-sanitizer around it) in a child process with a
// time limit: the quiz's wrong kernels may hang a GPU block forever, so they never run in the process
// that shows them (app/core/quiz/quiz_gpu_run.hpp). The program runs under a guard, a child of
// PrefixLab that leads a process group of its own: a timeout or a cancel kills the group, and when
// PrefixLab ends for any reason (a signal, a crash, SIGKILL, the window closed) the guard's parent-death
// signal kills the group too, so no program it started (compute-sanitizer's target included) stays
// on the GPU.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace prefixlab {

struct ChildLimits {
    double timeout_s = 10;                         // then the process group is killed (SIGKILL)
    std::size_t max_output_bytes = 1 << 20;        // of stdout and of stderr each; more is read and dropped
    const std::atomic<bool>* cancel = nullptr;     // set: kill the child at once (the GUI's Cancel)
};

struct ChildResult {
    bool started = false;  // false: fork or exec failed, `error` says why
    bool timed_out = false; // killed after timeout_s
    bool cancelled = false; // killed because *cancel was set
    int exit_code = -1;     // when it exited by itself
    int signal = 0;         // when a signal ended it (SIGKILL after a timeout or cancel included)
    double seconds = 0;     // from start to its end
    std::string out;        // its standard output (at most max_output_bytes)
    std::string err;        // its standard error (the same)
    std::string error;      // why it did not start
};

// Runs argv[0] (a path; not searched on PATH) with argv, its stdin /dev/null, and waits for it, at most
// limits.timeout_s. Never throws for what the child does; throws std::invalid_argument for an empty argv.
ChildResult run_child(const std::vector<std::string>& argv, const ChildLimits& limits);

// The last non-empty line of a text, trimmed ("" if none): what a failed child said last.
std::string last_line_of(const std::string& text);

// The path of this program (/proc/self/exe), "" where it cannot be read.
std::string this_executable_path();

// The first executable file named `name` in the directories of PATH, then in `fallback_dirs`; "" if none.
std::string find_executable(const std::string& name, const std::vector<std::string>& fallback_dirs);

} // namespace prefixlab
