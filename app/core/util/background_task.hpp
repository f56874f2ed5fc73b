// Long work (tracing, benchmarks) runs off the UI thread: a BackgroundTask starts it on its own
// thread and the UI polls it once a frame, never blocking. Progress and cancellation go through a
// TaskControl the work function receives.
#pragma once

#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <variant>

namespace prefixlab {

class TaskControl {
public:
    void set_progress(double fraction) { progress_.store(fraction); }
    double progress() const { return progress_.load(); }
    void cancel() { cancelled_.store(true); }
    bool cancelled() const { return cancelled_.load(); }
    // The flag itself, for work that polls it elsewhere (a child process killed on cancel: child_process.hpp).
    const std::atomic<bool>* cancel_flag() const { return &cancelled_; }

private:
    std::atomic<double> progress_{0};
    std::atomic<bool> cancelled_{false};
};

template <class Result>
class BackgroundTask {
public:
    using Outcome = std::variant<Result, std::string>; // the result, or the error's message

    ~BackgroundTask() {
        if (future_.valid()) {
            control_->cancel();
            future_.wait();
        }
    }

    bool busy() const { return future_.valid(); }
    double progress() const { return control_ ? control_->progress() : 0; }
    void cancel() {
        if (control_)
            control_->cancel();
    }

    // Starts `work` on its own thread; the previous task must have been taken (busy() is false).
    void start(std::function<Result(TaskControl&)> work) {
        control_ = std::make_shared<TaskControl>();
        auto control = control_;
        future_ = std::async(std::launch::async, [work = std::move(work), control] { return work(*control); });
    }

    // The outcome if the work has finished, without waiting; nullopt while it runs or when idle.
    std::optional<Outcome> poll() {
        if (!future_.valid() || future_.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
            return std::nullopt;
        try {
            return Outcome(std::in_place_index<0>, future_.get());
        } catch (const std::exception& e) {
            return Outcome(std::in_place_index<1>, std::string(e.what()));
        } catch (...) {
            return Outcome(std::in_place_index<1>, std::string("unknown error"));
        }
    }

private:
    std::future<Result> future_;
    std::shared_ptr<TaskControl> control_;
};

} // namespace prefixlab
