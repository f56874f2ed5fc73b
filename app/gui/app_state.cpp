#include "gui/app_state.hpp"

#include <algorithm>

namespace prefixlab {

bool AppState::tracing() const {
    return std::any_of(work_.begin(), work_.end(), [](const BackgroundWork* work) { return work->tracing(); });
}

bool AppState::holds_cores() const {
    return std::any_of(work_.begin(), work_.end(), [](const BackgroundWork* work) { return work->holds_cores(); });
}

bool AppState::reading_files() const {
    return std::any_of(work_.begin(), work_.end(), [](const BackgroundWork* work) { return work->reading_files(); });
}

void AppState::poll_background_work() {
    for (BackgroundWork* work : work_)
        work->poll();
}

void AppState::toggle_play() { set_playing(!playing_); }

void AppState::set_playing(bool playing) {
    // Playing from the last step starts over, as a lecturer expects after a first run-through.
    if (playing && stepped_->step() >= stepped_->step_count() - 1)
        go_first();
    playing_ = playing && stepped_->step_count() > 1;
    play_clock_ = 0;
}

void AppState::advance_time(double seconds) {
    if (!playing_)
        return;
    play_clock_ += seconds;
    while (play_clock_ >= play_interval && playing_) {
        play_clock_ -= play_interval;
        go_next();
        if (stepped_->step() >= stepped_->step_count() - 1)
            playing_ = false;
    }
}

} // namespace prefixlab
