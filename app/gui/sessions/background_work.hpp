// The one task runner's interface: work a session or a feature runs off the UI thread
// (core/util/background_task.hpp) — a trace's capture, a second trace to set beside it, a timing run, a
// GPU child process, files read at start. Each registers with AppState once (AppState::add_work), which
// takes what finished on the UI thread once a frame, before anything is drawn, and answers for all of
// them what the window and scripts ask: is a trace being captured, do timing runs want the cores, are
// files being read.
#pragma once

namespace prefixlab {

class BackgroundWork {
public:
    virtual ~BackgroundWork() = default;
    // Once a frame on the UI thread: takes what finished.
    virtual void poll() = 0;
    // A trace being captured: the views say "Tracing…", and `wait-idle` waits.
    virtual bool tracing() const { return false; }
    // Timing runs (the CPU timed, a GPU child process): the window draws five frames a second, so it
    // takes no CPU time from what is timed.
    virtual bool holds_cores() const { return false; }
    // Files read in the background: the window draws at 30 frames a second, and a script waits for the
    // files read at start before its first command.
    virtual bool reading_files() const { return false; }
};

} // namespace prefixlab
