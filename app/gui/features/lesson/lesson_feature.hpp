// The Lesson feature (issue 34, docs/lessons.md): a lecture given from one file with a presenter remote.
// A lesson opens by its content (File ▸ Open lesson…, a drop, the recent files, `--lesson FILE`) in
// presentation mode at its first scene; the step keys go through its scenes (lesson_player); G lists the
// scenes to jump to, S shows the speaker's notes over the window (never in an export). Its script commands
// are `lesson-open`, `lesson-go`, `lesson-wait`, `lesson-notes`, `lesson-close` and `report-lesson`
// (docs/gui-script.md).
#pragma once

#include "gui/features/lesson/lesson_handout.hpp"
#include "gui/features/lesson/lesson_player.hpp"
#include "gui/features/lesson/presenter_view.hpp"
#include "gui/shell/feature.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

class LessonFeature final : public Feature {
public:
    void add_commands(ScriptTable& table) override;
    void add_shortcuts(ShortcutTable& table) override;
    void add_menus(MenuTable& menus) override;
    void after_frame(GuiHost& host) override;
    void after_render(GuiHost& host) override { presenter_.frame(player_, host, opened_at_); }
    void stop(GuiHost&) override { presenter_.close(); }
    bool open_file(const std::string& path, FileKind kind, GuiHost& host) override;
    std::vector<RecentFile> take_files_used() override;

private:
    // Reads the lesson at `path` and gives it from its first scene; a bad file is one line in the status bar.
    bool open_lesson(const std::string& path, GuiHost& host);
    void draw_notes();
    void draw_scene_list(GuiHost& host);
    // Lesson ▸ Add current scene: the screen as a new scene after the current one (a new lesson where none is
    // open); Save: the lesson to its file (a new one to prefixlab-lessons/ in the working folder).
    void add_current_scene(GuiHost& host);
    bool save(GuiHost& host, const std::string& path);
    // Help ▸ Lessons: the shipped lessons (assets/lessons/*.md) by title, read once.
    void draw_shipped_lessons(GuiHost& host);

    LessonPlayer player_;
    LessonHandout handout_;
    PresenterView presenter_;
    bool notes_open_ = false;
    bool editing_notes_ = false;
    std::string notes_buffer_; // the notes being edited (the current scene's)
    bool list_open_ = false;
    int list_choice_ = 0;                             // the scene the list has selected (0-based)
    std::string typed_number_;                        // digits typed in the list: Enter jumps to that scene
    std::chrono::steady_clock::time_point opened_at_; // the lesson's start, for the notes' elapsed time
    std::vector<RecentFile> used_;
    std::optional<std::vector<std::pair<std::string, std::string>>> shipped_; // (title, path), by file name
};

} // namespace prefixlab
