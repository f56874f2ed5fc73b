// Jobs that run off the UI thread one after another, in the order they were asked for: the files the
// GUI reads (those found at start, then each one opened, a job each) go through one queue, so that a
// file opened while the start-up files are read is added after them, as it would have been had they
// been read at once, and each file shows as soon as it is read. The UI polls it once a frame, as it
// polls a BackgroundTask, and never waits on it.
#pragma once

#include "core/util/background_task.hpp"

#include <cstddef>
#include <deque>
#include <functional>
#include <optional>

namespace prefixlab {

template <class Result>
class BackgroundQueue {
public:
    using Work = std::function<Result(TaskControl&)>;
    using Outcome = typename BackgroundTask<Result>::Outcome;

    // Runs `work` once the jobs asked for before it have finished.
    void push(Work work) {
        waiting_.push_back(std::move(work));
        ++asked_;
        start_next();
    }

    bool busy() const { return task_.busy() || !waiting_.empty(); }
    // 0..1 over the jobs asked for since the queue was last idle: those done, and the running job's own
    // progress (TaskControl::set_progress).
    double progress() const {
        return asked_ == 0 ? 0.0 : (double(done_) + (task_.busy() ? task_.progress() : 0.0)) / double(asked_);
    }

    // A finished job's outcome, oldest first, without waiting; the next job starts at once.
    std::optional<Outcome> poll() {
        std::optional<Outcome> outcome = task_.poll();
        if (outcome)
            ++done_;
        start_next();
        if (!busy())
            asked_ = done_ = 0;
        return outcome;
    }

private:
    void start_next() {
        if (task_.busy() || waiting_.empty())
            return;
        task_.start(std::move(waiting_.front()));
        waiting_.pop_front();
    }

    std::deque<Work> waiting_;
    BackgroundTask<Result> task_;
    std::size_t asked_ = 0, done_ = 0; // since the queue was last idle
};

} // namespace prefixlab
