// A quiz option run on the GPU, safely (issue 16): a wrong fragment may hang its block forever, so the
// kernel never runs in this process. PrefixLab starts itself as a child (`prefixlab quiz-child`, which
// runs the kernel untraced and prints its output as one JSON line), waits at most the timeout, and kills
// the child's process group if it is still running: the outcome is then "hung (killed after T s)", and
// this process, which never touched the hung kernel, goes on using the GPU. Where compute-sanitizer is
// installed, the same child runs under its racecheck and synccheck tools, each with its own timeout.
#pragma once

#include "core/ground/scan_setup.hpp"
#include "core/quiz/quiz_outcome.hpp"
#include "core/util/child_process.hpp"

#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

struct QuizGpuRunOptions {
    std::string executable;          // PrefixLab's own binary (this_executable_path())
    double timeout_s = 10;           // the plain run; a correct one takes well under a second
    bool sanitizers = true;          // also run racecheck and synccheck, where compute-sanitizer is found
    std::string sanitizer;           // its path ("" = find_compute_sanitizer())
    double sanitizer_timeout_s = 60; // each tool's run (they start slowly: seconds, not milliseconds)
    const std::atomic<bool>* cancel = nullptr;
};

// The child's command line: EXECUTABLE quiz-child --algo … --n … --input … --seed … --type … --op …
std::vector<std::string> quiz_child_command(const std::string& executable, const ScanSetup& setup);

// The line the child prints, and its reading: {"output":[w0,w1,…]} (the output words' bits). The reader
// is strict and bounded: nullopt for anything else, or for a count other than `words`.
std::string quiz_child_line(const std::vector<std::uint32_t>& output);
std::optional<std::vector<std::uint32_t>> parse_quiz_child_output(std::string_view text, std::size_t words);

// compute-sanitizer on PATH, else in /usr/local/cuda/bin; "" if neither.
std::string find_compute_sanitizer();

// One line from a compute-sanitizer run of `tool` ("racecheck", "synccheck"): its summary and its first
// report, "hung under synccheck (killed after 60.0 s)", or why it gave none.
std::string sanitizer_verdict(std::string_view tool, const ChildResult& run, double timeout_s);

// Runs the option's kernel in a child (and under the sanitizers), and says what happened. Never throws
// for what the kernel does; a child that cannot start is `failed` with the reason.
QuizOutcome run_quiz_option_on_gpu(const ScanSetup& setup, const QuizGpuRunOptions& options);

} // namespace prefixlab
