#include "cli/lesson_command.hpp"

#include "cli/option_values.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/lesson/lesson.hpp"
#include "core/plot/handout.hpp"
#include "core/settings/window_limits.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>

namespace prefixlab {

namespace {

// "3-9", "5-last": the steps a scene's Page Down goes through.
std::string steps_text(const LessonScene& s) {
    if (!s.steps)
        return std::to_string(s.scene.step) + "-last";
    return std::to_string(s.steps->first) + "-" + (s.steps->last ? std::to_string(*s.steps->last) : "last");
}

} // namespace

void add_lesson_check_command(CLI::App& app, LessonCommandOptions& o) {
    CLI::App* check = app.add_subcommand(
        "lesson-check",
        "Read a lesson (docs/lessons.md) and print its scenes, or the line and field that is wrong");
    add_path_option(*check, "FILE", o.path, PathKind::file, "The lesson, a Markdown file")->required();
}

void add_lesson_handout_command(CLI::App& app, LessonHandoutOptions& o) {
    CLI::App* handout = app.add_subcommand(
        "lesson-handout", "Write a lesson's handout: a PDF page per scene, its picture, title and notes (opens a window)");
    add_path_option(*handout, "FILE", o.path, PathKind::file, "The lesson, a Markdown file")->required();
    add_path_option(*handout, "--out", o.out, PathKind::file, "The handout, a PDF file")->required();
    add_path_option(*handout, "--png", o.png, PathKind::folder,
                    "Also each scene's picture as FOLDER/scene-01.png, … (the folder is made if missing)");
    add_decimal_option(*handout, "--ui-scale", o.ui_scale, kMinUiScale, kMaxUiScale,
                       "UI scale the scenes are drawn at, 0.5 to 4 (default 2, a lecture's)");
    add_whole_number_option(*handout, "--window", o.window_width, kMinWindowWidth, kMaxWindowWidth,
                            "Width of the window the scenes are drawn in (default 1920; the height is 9/16 of it)");
}

std::string lesson_handout_problem(const LessonHandoutOptions& o) {
    try {
        load_lesson_file(o.path);
        if (!handout_available())
            return handout_unavailable_reason();
        require_handout_writable(o.out, o.png);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

int run_lesson_check_command(const LessonCommandOptions& options) {
    try {
        const Lesson lesson = load_lesson_file(options.path);
        printf_to_terminal(stdout, "lesson '%s': %zu scenes\n", printable(lesson.title).c_str(),
                           lesson.scenes.size());
        for (std::size_t k = 0; k < lesson.scenes.size(); ++k) {
            const LessonScene& s = lesson.scenes[k];
            const std::string beside =
                s.scene.compare.on ? ", beside " + std::string(name_of(s.scene.compare.algorithm)) : "";
            const long notes = s.notes.empty() ? 0 : std::count(s.notes.begin(), s.notes.end(), '\n') + 1;
            printf_to_terminal(stdout,
                               "%2zu. %s (line %d): tab %s, %s N = %u, steps %s%s, %ld lines of notes\n",
                               k + 1, printable(s.title).c_str(), s.line, printable(s.scene.tab).c_str(),
                               std::string(name_of(s.scene.capture.algorithm)).c_str(), s.scene.capture.n,
                               steps_text(s).c_str(), beside.c_str(), notes);
        }
        return kExitOk;
    } catch (const std::exception& e) {
        return report_error(e.what(), kExitBadInput);
    }
}

} // namespace prefixlab
