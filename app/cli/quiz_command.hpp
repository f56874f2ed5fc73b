// `prefixlab quiz`: the lecture's barrier questions (app/core/quiz/quiz_questions.hpp) run for real. Every
// fragment runs in the emulator; on a GPU each runs in a child process with a timeout (quiz_gpu_run.hpp),
// under compute-sanitizer's racecheck and synccheck where it is installed, and then this process traces a
// correct kernel on the GPU to show that a hung child left it usable. --out records the GPU outcomes with
// the device, driver and date (the file assets/quiz/ ships).
// `prefixlab quiz-child` is that child: it runs one kernel untraced and prints its output as one line.
#pragma once

#include "cli/kernel_options.hpp"

#include <string>

namespace CLI {
class App;
}

namespace prefixlab {

struct QuizCommandOptions {
    int question = 0; // 0: all
    std::string device = "auto";
    float timeout_s = 10;
    float sanitizer_timeout_s = 60;
    bool no_sanitizer = false;
    bool show_fragments = false;
    std::string out;
    std::string command; // as typed, for --out
};

void add_quiz_commands(CLI::App& app, QuizCommandOptions& quiz, KernelOptions& child);

// 0; 1 when the GPU failed after the runs, or the file could not be written; 2: bad input.
int run_quiz_command(const QuizCommandOptions& options);
// 0 with the output line printed; 1 when the GPU run failed (its error on stderr).
int run_quiz_child_command(const KernelOptions& options);

} // namespace prefixlab
