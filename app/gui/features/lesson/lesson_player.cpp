#include "gui/features/lesson/lesson_player.hpp"
#include "gui/features/lesson/presenter_view.hpp"

#include "core/util/printable.hpp"
#include "gui/app_state.hpp"
#include "gui/shell/feature.hpp"
#include "gui/shell/scene_glue.hpp"
#include "gui/workspace.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <limits>

namespace prefixlab {

namespace {

constexpr const char* kQuizTab = "Quiz"; // the quiz feature's tab (features do not include each other)
// Frames a scene waits before it looks for its traces: the tab is selected, and the captures start, a frame
// after the scene is applied.
constexpr int kFramesBeforeArrival = 2;

} // namespace

void LessonPlayer::open(Lesson lesson, std::string path, GuiHost& host) {
    lesson_ = std::move(lesson);
    path_ = std::move(path);
    queued_ = 0;
    // A lesson is given in presentation mode (fullscreen, the lecture scale), on the projector where there are
    // two screens (presenter_view.hpp): moved there first, so that the lecture scale is the projector's.
    if (!host.workspace.presenting) {
        if (const std::optional<ScreenChoice> screens = choose_screens(PlatformWindow::monitors(), false))
            host.window.move_to(screens->audience);
        host.workspace.requests.toggle_presentation = true;
    }
    go_to(host, 0);
}

void LessonPlayer::add_scene(LessonScene scene) {
    if (!lesson_) {
        lesson_.emplace();
        lesson_->title = "Untitled lesson";
        scene_ = -1;
    }
    const auto at = lesson_->scenes.begin() + (scene_ + 1);
    lesson_->scenes.insert(at, std::move(scene));
    ++scene_;
    pending_.reset();
    quiz_phase_ = QuizPhase::question;
}

void LessonPlayer::remove_scene(int index) {
    if (!lesson_ || index < 0 || index >= static_cast<int>(lesson_->scenes.size()))
        return;
    lesson_->scenes.erase(lesson_->scenes.begin() + index);
    if (lesson_->scenes.empty()) {
        close();
        return;
    }
    scene_ = std::min(scene_ - (index < scene_ ? 1 : 0), static_cast<int>(lesson_->scenes.size()) - 1);
}

void LessonPlayer::move_scene(int index, int direction) {
    if (!lesson_)
        return;
    const int other = index + direction;
    const int scenes = static_cast<int>(lesson_->scenes.size());
    if (index < 0 || index >= scenes || other < 0 || other >= scenes)
        return;
    std::swap(lesson_->scenes[static_cast<std::size_t>(index)],
              lesson_->scenes[static_cast<std::size_t>(other)]);
    if (scene_ == index)
        scene_ = other;
    else if (scene_ == other)
        scene_ = index;
}

void LessonPlayer::close() {
    lesson_.reset();
    path_.clear();
    pending_.reset();
    queued_ = 0;
}

bool LessonPlayer::quiz_scene() const {
    return current().scene.tab == kQuizTab;
}

int LessonPlayer::first_step() const {
    return current().steps ? current().steps->first : current().scene.step;
}

int LessonPlayer::last_step(GuiHost& host) const {
    const int trace_last = std::max(0, host.state.stepped().step_count() - 1);
    if (current().steps && current().steps->last)
        return std::min(*current().steps->last, trace_last);
    return trace_last;
}

void LessonPlayer::go_to(GuiHost& host, int index, bool at_end) {
    if (!active())
        return;
    scene_ = std::clamp(index, 0, static_cast<int>(lesson_->scenes.size()) - 1);
    Scene scene = current().scene;
    quiz_phase_ = at_end ? QuizPhase::revealed : QuizPhase::question;
    if (quiz_scene())
        scene.quiz.revealed = at_end || scene.quiz.revealed;
    // Kept as it is: presentation mode is the lecture's, not the scene's (its scale, too, unless the scene
    // names one).
    apply_scene(scene, host);
    pending_ = Pending{at_end, 0};
}

void LessonPlayer::frame(GuiHost& host) {
    if (!active() || !pending_)
        return;
    if (++pending_->frames < kFramesBeforeArrival || host.state.tracing())
        return;
    if (!quiz_scene() && host.workspace.selected_shows_steps())
        host.state.stepped().set_step(pending_->at_end ? last_step(host) : first_step());
    pending_.reset();
    // The keys pressed while the scene loaded, one at a time (a press may open another scene, which waits).
    while (queued_ != 0 && !pending_) {
        const int direction = queued_ > 0 ? 1 : -1;
        queued_ -= direction;
        step(host, direction);
    }
}

bool LessonPlayer::step(GuiHost& host, int direction) {
    if (!active())
        return false;
    if (pending_) { // the scene is loading: kept, and acted on once it is in
        queued_ += direction;
        return true;
    }
    const int scenes = static_cast<int>(lesson_->scenes.size());
    const auto next_scene = [&] {
        if (scene_ + 1 < scenes)
            go_to(host, scene_ + 1);
    };
    const auto previous_scene = [&] {
        if (scene_ > 0)
            go_to(host, scene_ - 1, true);
    };
    if (quiz_scene()) {
        // Page Down: the question, then its fragments run, then the answer; Page Up back the same way.
        if (direction > 0) {
            if (quiz_phase_ == QuizPhase::question) {
                host.workspace.requests.quiz_run = true;
                quiz_phase_ = QuizPhase::ran;
            } else if (quiz_phase_ == QuizPhase::ran) {
                host.workspace.requests.quiz_reveal = true;
                quiz_phase_ = QuizPhase::revealed;
            } else {
                next_scene();
            }
        } else if (quiz_phase_ == QuizPhase::revealed) {
            host.workspace.requests.quiz_reveal = false;
            quiz_phase_ = QuizPhase::ran;
        } else if (quiz_phase_ == QuizPhase::ran) {
            quiz_phase_ = QuizPhase::question;
        } else {
            previous_scene();
        }
        return true;
    }
    if (!host.workspace.selected_shows_steps()) { // the Benchmark tab: one picture
        direction > 0 ? next_scene() : previous_scene();
        return true;
    }
    const int step = host.state.stepped().step();
    if (direction > 0) {
        if (step < last_step(host))
            host.state.go_next();
        else
            next_scene();
    } else {
        if (step > std::min(first_step(), last_step(host)))
            host.state.go_previous();
        else
            previous_scene();
    }
    return true;
}

std::string LessonPlayer::report(GuiHost& host) const {
    if (!active())
        return "lesson: none";
    const LessonScene& s = current();
    const char* phases[] = {"question", "ran", "revealed"};
    const bool steps = !quiz_scene() && host.workspace.selected_shows_steps();
    std::string steps_text = "none";
    if (steps && !pending_)
        steps_text = std::to_string(first_step()) + "-" + std::to_string(last_step(host));
    return "lesson: scene=" + std::to_string(scene_ + 1) + " of " + std::to_string(lesson_->scenes.size()) +
           " title=" + printable(s.title) + " tab=" + host.workspace.selected_title() +
           " step=" + std::to_string(host.state.stepped().step()) + " steps=" + steps_text +
           " phase=" + (quiz_scene() ? phases[static_cast<int>(quiz_phase_)] : "none") +
           " arrived=" + (pending_ ? "0" : "1") + " queued=" + std::to_string(queued_);
}

std::string LessonPlayer::position_line(std::chrono::steady_clock::time_point opened_at) const {
    const long elapsed =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - opened_at).count();
    const std::time_t now = std::time(nullptr);
    char clock[16] = "";
    if (const std::tm* local = std::localtime(&now))
        std::strftime(clock, sizeof clock, "%H:%M", local);
    char line[96];
    std::snprintf(line, sizeof line, "Scene %d of %zu · %ld:%02ld · %s", scene_ + 1, lesson_->scenes.size(),
                  elapsed / 60, elapsed % 60, clock);
    return line;
}

} // namespace prefixlab
