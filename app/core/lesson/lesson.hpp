// A lesson: a lecture prepared once, as a plain-text file a lecturer writes in an editor (issue 34,
// docs/lessons.md). Markdown: `# Lesson title`, then one `## Scene title` per scene; in a scene, a fenced
// block marked `scene` holds its settings as `key: value` lines (the scene's fields by their names in the
// scene file, docs/scene.md: `tab`, `capture.algorithm`, `capture.n`, `compare.on`, `quiz.question`…, and
// the lesson's own `steps`), and the rest of the section is the speaker's notes.
//
// A scene starts from the scene before it (the first from kLessonStart: the app's start with the projector
// theme and no settings panel), so a scene names only what changes. This is the model, its reader and its
// writer, with no window: the GUI gives the lesson (app/gui/features/lesson).
//
// Reading is strict, like the scene reader: an unknown key, a bad value, a heading out of place, text that
// is not UTF-8 or holds control characters, or a file over the limits is a LessonFormatError whose one line
// names the file, the line and the field: "lesson 'intro.md': line 12: capture.n: 5000 is above blelloch's
// limit of 2048".
#pragma once

#include "core/scene/scene.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

class LessonFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The largest lesson file: 20 scenes with a page of notes each are about 60 KB; 1 MiB leaves room for
// long notes, and a file near it is no lesson (a 10 MB one is refused before it is read).
inline constexpr std::uint64_t kMaxLessonFileBytes = 1ull << 20;
inline constexpr std::size_t kMaxLessonScenes = 200;
inline constexpr std::size_t kMaxLessonTitleBytes = 256;
// A settings line's value, in bytes (a title is the longest value a scene has).
inline constexpr std::size_t kMaxLessonValueBytes = 512;

// The steps a scene shows, first to last (inclusive); the lecturer's Page Down steps from `first` to `last`
// before the next scene. Absent: from the scene's `step` to the trace's last step.
struct LessonSteps {
    int first = 0;
    std::optional<int> last; // none: the trace's last step
    friend bool operator==(const LessonSteps&, const LessonSteps&) = default;
};

struct LessonScene {
    std::string title;
    Scene scene;
    std::optional<LessonSteps> steps;
    std::string notes; // the section's text after the settings, trimmed of blank lines at both ends
    int line = 0;      // the scene's heading, 1-based (0 for a scene made in the app)
    friend bool operator==(const LessonScene& a, const LessonScene& b) {
        return a.title == b.title && a.scene == b.scene && a.steps == b.steps && a.notes == b.notes;
    }
};

struct Lesson {
    std::string title;
    std::string introduction; // text between the title and the first scene
    std::vector<LessonScene> scenes;
    friend bool operator==(const Lesson& a, const Lesson& b) {
        return a.title == b.title && a.introduction == b.introduction && a.scenes == b.scenes;
    }
};

// What the first scene starts from: Scene's defaults (the app's start) with the projector theme and the
// settings panel closed, as a lecture is given.
Scene lesson_start_scene();

// The lesson in `text`; `name` names it in messages ("lesson 'NAME': line N: …"). Throws
// LessonFormatError and nothing else.
Lesson lesson_from_markdown(std::string_view text, std::string_view name = "lesson");

// The Markdown of `lesson`: each scene's settings are the fields that differ from the scene before (the
// first from lesson_start_scene), so the file reads back to the same lesson (lesson_from_markdown).
std::string lesson_to_markdown(const Lesson& lesson);

// The settings lines of `scene` that differ from `before`, as "key: value", in the scene file's order.
std::vector<std::string> scene_settings_lines(const Scene& scene, const Scene& before);

// Reads a lesson through the bounded reader (kMaxLessonFileBytes; a directory, FIFO or device is refused
// before a byte is read): InputLimitError or LessonFormatError, one line each naming the file.
Lesson load_lesson_file(const std::string& path);

// Writes `lesson` atomically under the output policy (atomic_file.hpp): a link, directory, FIFO or device
// at `path` is refused with FileError, and the file appears whole or not at all.
void save_lesson_file(const Lesson& lesson, const std::string& path);

} // namespace prefixlab
