// `prefixlab lesson-check FILE`: reads a lesson as the GUI would (core/lesson, docs/lessons.md) and prints
// its scenes, one line each, or the one-line error naming the line and the field: what a lecturer runs after
// editing a lesson, before the lecture.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace prefixlab {

struct LessonCommandOptions {
    std::string path;
};

void add_lesson_check_command(CLI::App& app, LessonCommandOptions& options);

// 0 with the scenes printed; 2 (kExitBadInput) with the error.
int run_lesson_check_command(const LessonCommandOptions& options);

} // namespace prefixlab
