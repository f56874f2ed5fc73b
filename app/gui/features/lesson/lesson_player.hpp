// Giving a lesson (issue 34, docs/lessons.md): which scene is on screen and where in it, and what the
// presenter's keys do. Page Down (Right, N) steps through the scene's steps, then opens the next scene;
// Page Up (Left, P) steps back, then opens the scene before at its last step. A quiz scene goes question,
// run, reveal on the same key; a scene without steps (the Benchmark tab) goes on at once.
//
// A scene is applied as a scene file is (apply_scene): its traces are captured in the background, and the
// player waits for them before it takes its step; a key pressed meanwhile is kept and acted on once they
// are in, so that no press of a remote is lost.
#pragma once

#include "core/lesson/lesson.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace prefixlab {

struct GuiHost;

class LessonPlayer {
public:
    enum class QuizPhase { question, ran, revealed };

    bool active() const { return lesson_.has_value(); }
    const Lesson& lesson() const { return *lesson_; }
    const std::string& path() const { return path_; }
    int scene() const { return scene_; } // 0-based
    const LessonScene& current() const { return lesson_->scenes[static_cast<std::size_t>(scene_)]; }
    QuizPhase quiz_phase() const { return quiz_phase_; }
    // Whether the scene's traces are in and its step taken (keys act now).
    bool arrived() const { return !pending_; }

    // Opens `lesson` on its first scene.
    void open(Lesson lesson, std::string path, GuiHost& host);

    // Authoring: the lesson being built ("Add current scene" starts one where none is open). A scene added
    // goes after the current one and becomes current; the screen is not changed (it is the scene).
    void add_scene(LessonScene scene);
    void remove_scene(int index);
    void move_scene(int index, int direction); // -1 up, +1 down
    void set_notes(std::string notes) {
        lesson_->scenes[static_cast<std::size_t>(scene_)].notes = std::move(notes);
    }
    void set_path(std::string path) { path_ = std::move(path); }
    void close();
    // The step keys: +1 or -1. False when no lesson is open (the trace steps instead).
    bool step(GuiHost& host, int direction);
    // Opens scene `index` (0-based) at its first step, or at its last (`at_end`: going back into it).
    void go_to(GuiHost& host, int index, bool at_end = false);
    // Once a frame: the scene's step once its traces are in, then a key kept meanwhile.
    void frame(GuiHost& host);

    // "lesson: scene=2 of 8 title=… tab=Banks step=5 steps=5-9 phase=none arrived=1"
    std::string report(GuiHost& host) const;
    // The lecturer's line (the notes overlay's, the presenter view's): "Scene 2 of 8 · 12:05 · 14:30", the
    // time since `opened_at` and the clock.
    std::string position_line(std::chrono::steady_clock::time_point opened_at) const;

private:
    bool quiz_scene() const;
    int first_step() const;
    // The last step Page Down goes to in this scene: the range's, else the trace's last.
    int last_step(GuiHost& host) const;

    std::optional<Lesson> lesson_;
    std::string path_;
    int scene_ = 0;
    QuizPhase quiz_phase_ = QuizPhase::question;
    // The step to take once the scene's traces are in: its first, or its last (going back).
    struct Pending {
        bool at_end = false;
        int frames = 0; // frames waited (the tab is selected a frame after the scene is applied)
    };
    std::optional<Pending> pending_;
    int queued_ = 0; // key presses kept while the scene loads (+ forward, - back)
};

} // namespace prefixlab
