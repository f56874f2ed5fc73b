// The sessions every view reads and the actions they share: the status bar's message, the block trace
// session (sessions/trace_session.hpp), the session the step keys act on (the selected tab's: the block
// trace's, or a feature's such as a multi-block run's), playback, reveal mode, and the background work of
// every session. Features keep their own sessions and register their work and stepping here; no caller
// asks which kind of trace is stepped.
#pragma once

#include "core/capture/gpu_info.hpp"
#include "gui/sessions/status_messages.hpp"
#include "gui/sessions/stepped_session.hpp"
#include "gui/sessions/trace_session.hpp"

#include <vector>

namespace prefixlab {

class AppState : public StatusMessages {
public:
    AppState() : block(*this) { add_work(block); }
    AppState(const AppState&) = delete;
    AppState& operator=(const AppState&) = delete;

    // --- the block trace: the trace on screen of the step tabs (Values, Dataflow, Banks, …) ---
    TraceSession block;

    // --- stepping: the selected tab's session (the workspace sets it each frame, and when a tab is
    // selected); the step keys, playback, the Step section and the narration act on it ---
    SteppedSession& stepped() { return *stepped_; }
    const SteppedSession& stepped() const { return *stepped_; }
    void step_through(SteppedSession* session) { stepped_ = session != nullptr ? session : &block; }
    void go_to_step(int step) { stepped_->set_step(step); }
    void go_next() { go_to_step(stepped_->step() + 1); }
    void go_previous() { go_to_step(stepped_->step() - 1); }
    void go_first() { go_to_step(0); }
    void go_last() { go_to_step(stepped_->step_count() - 1); }
    // Reveal mode (presentation mode turns it on): the views draw no step after the current one at
    // all, not even dimmed, so the hall sees each result only when the lecturer steps to it.
    bool reveal = false;

    // --- playback: one step every play_interval seconds ---
    bool playing() const { return playing_; }
    void toggle_play();
    void set_playing(bool playing);
    float play_interval = 0.8f;
    void advance_time(double seconds);

    // --- background work: every session's and feature's, polled once a frame (sessions/background_work.hpp) ---
    void add_work(BackgroundWork& work) { work_.push_back(&work); }
    bool tracing() const;
    bool holds_cores() const;
    bool reading_files() const;
    void poll_background_work();

    // --- the device the next capture would use, for the status line ---
    const GpuStatus& gpu() const { return gpu_info(); }

private:
    SteppedSession* stepped_ = &block;
    std::vector<BackgroundWork*> work_;
    bool playing_ = false;
    double play_clock_ = 0;
};

} // namespace prefixlab
