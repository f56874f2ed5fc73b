#include "app_state.hpp"

#include "core/trace/trace_json.hpp"

#include <algorithm>
#include <cstdio>

namespace prefixlab {

AppState::AppState() = default;

int AppState::step_count() const { return trace_ ? static_cast<int>(trace_->trace.steps.size()) : 0; }

void AppState::show_trace(Trace trace, std::string origin) {
    auto loaded = std::make_unique<LoadedTrace>();
    loaded->index = index_trace(trace);
    loaded->trace = std::move(trace);
    loaded->origin = std::move(origin);
    const bool same_shape = trace_ && trace_->trace.steps.size() == loaded->trace.steps.size();
    trace_ = std::move(loaded);
    // Keep the lecturer's place when re-tracing the same shape (e.g. a new random input).
    set_step(same_shape ? step_ : step_count() - 1);
}

void AppState::set_step(int step) {
    step_ = std::clamp(step, 0, std::max(0, step_count() - 1));
}

void AppState::toggle_play() { set_playing(!playing_); }

void AppState::set_playing(bool playing) {
    // Playing from the last step starts over, as a lecturer expects after a first run-through.
    if (playing && step_ >= step_count() - 1)
        set_step(0);
    playing_ = playing && step_count() > 1;
    play_clock_ = 0;
}

void AppState::advance_time(double seconds) {
    if (!playing_)
        return;
    play_clock_ += seconds;
    while (play_clock_ >= play_interval && playing_) {
        play_clock_ -= play_interval;
        next_step();
        if (step_ >= step_count() - 1)
            playing_ = false;
    }
}

void AppState::settings_changed() {
    if (auto_capture)
        capture_now();
}

void AppState::capture_now() {
    if (capture_.busy()) {
        capture_pending_ = true; // run again with the newest settings when this one ends
        return;
    }
    capture_pending_ = false;
    const CaptureRequest snapshot = request;
    capture_.start([snapshot](TaskControl&) { return capture_trace(snapshot); });
}

void AppState::poll_background_work() {
    if (auto outcome = capture_.poll()) {
        if (outcome->index() == 0) {
            CaptureResult& result = std::get<0>(*outcome);
            char text[160];
            std::snprintf(text, sizeof text, "Traced on %s in %.1f ms", result.trace.config.device_name.c_str(),
                          result.capture_ms);
            show_trace(std::move(result.trace), "recorded now");
            inform(text);
        } else {
            report_error(std::get<1>(*outcome));
        }
        if (capture_pending_)
            capture_now();
    }
}

void AppState::load_trace(const std::string& path) {
    try {
        Trace trace = load_trace_file(path);
        request.algorithm = trace.config.algorithm;
        request.n = trace.config.n;
        request.type = trace.config.type;
        request.op = trace.config.op;
        request.exclusive = trace.config.exclusive;
        request.input = trace.config.input_kind;
        request.seed = trace.config.seed;
        const std::string device = trace.config.device_name;
        show_trace(std::move(trace), path);
        inform("Opened " + path + " (recorded on " + device + ")");
    } catch (const std::exception& e) {
        report_error(e.what());
    }
}

void AppState::save_trace(const std::string& path) {
    if (!trace_) {
        report_error("no trace to save yet");
        return;
    }
    try {
        save_trace_file(trace_->trace, path);
        inform("Saved " + path);
    } catch (const std::exception& e) {
        report_error(e.what());
    }
}

void AppState::inform(std::string message) {
    message_ = std::move(message);
    message_is_error_ = false;
}

void AppState::report_error(std::string message) {
    message_ = std::move(message);
    message_is_error_ = true;
}

} // namespace prefixlab
