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

// `prefixlab lesson-handout FILE --out handout.pdf [--png FOLDER]`: the lesson's handout (one PDF page per
// scene: its last revealed step as vector graphics, its title and notes), drawn by the GUI in a window of
// its own that closes when the files are written.
struct LessonHandoutOptions {
    std::string path;
    std::string out;
    std::string png;
    float ui_scale = 2;
    int window_width = 1920;
};

void add_lesson_handout_command(CLI::App& app, LessonHandoutOptions& options);

// The checks a handout needs before a window opens: the lesson reads, Cairo is there, --out and --png can
// be written. "" when they pass, else the one line that says what is wrong.
std::string lesson_handout_problem(const LessonHandoutOptions& options);

} // namespace prefixlab
