#include "gui/app_state.hpp"

#include "core/files/file_kind.hpp"
#include "core/ground/kernel_facts.hpp" // companion_of
#include "core/trace/grid_trace_json.hpp"
#include "core/trace/trace_json.hpp"
#include "core/util/printable.hpp"

#include <algorithm>
#include <filesystem>
#include <cstdio>
#include <optional>
#include <utility>

namespace prefixlab {

AppState::AppState() = default;

int AppState::step_count() const { return trace_ ? static_cast<int>(trace_->trace.steps.size()) : 0; }

void AppState::show_trace(std::unique_ptr<LoadedTrace> loaded) {
    const bool same_shape = trace_ && trace_->trace.steps.size() == loaded->trace.steps.size();
    trace_ = std::move(loaded);
    // Keep the lecturer's place when re-tracing the same shape (e.g. a new random input); a new trace
    // opens on its first step, so the screen does not give the answer away before it is stepped to
    // (it opened on the last step, with every later value readable: issue 10).
    set_step(same_shape ? step_ : 0);
    capture_companion();
    comparison_.reset();
    if (comparing_ && compare_file_.empty())
        capture_compared();
    else if (comparing_ && compared_)
        comparison_ = std::make_unique<TraceComparison>(compare_traces(*trace_, *compared_));
    trace_file_.clear();
    file_settings_edited_ = false;
}

void AppState::show_trace_file(std::unique_ptr<LoadedTrace> loaded) {
    // The settings panel shows what the opened trace was recorded with (Open and --trace alike:
    // --trace once left the panel on the defaults, hillis-steele N = 32 beside a racy N = 1024 trace).
    setup = request_like(loaded->trace.config, setup);
    std::string origin = loaded->origin; // the path it was read from
    show_trace(std::move(loaded));
    trace_file_ = std::move(origin);
}

void AppState::capture_companion() {
    companion_.reset();
    const auto other = companion_of(trace_->trace.config.algorithm);
    if (!other)
        return;
    if (companion_task_.busy()) {
        companion_pending_ = true; // capture for the newest trace when this one ends
        return;
    }
    companion_pending_ = false;
    ScanSetup companion = request_like(trace_->trace.config, setup);
    companion.algorithm = *other;
    companion.block_threads = trace_->trace.config.block_threads; // both layouts need the same threads for the same N
    companion_task_.start([companion](TaskControl&) {
        validate_scan_setup(companion);
        CaptureResult result = capture_trace(companion);
        return Prepared{prepare_for_display(std::move(result.trace), "recorded now"), "", false};
    });
}

void AppState::set_comparing(bool on) {
    if (on == comparing_)
        return;
    comparing_ = on;
    if (!on)
        return;
    if (!compare_chosen_) {
        compare_choice = {compare_counterpart_of(setup.algorithm), setup.device, setup.warp_order};
        compare_chosen_ = true;
    }
    if (compare_file_.empty())
        capture_compared();
}

void AppState::compare_choice_changed() {
    compare_chosen_ = true;
    compare_file_.clear();
    if (comparing_)
        capture_compared();
}

// Whether a new second trace may be started now (the old one is dropped); while one is being made,
// the newest request is remembered and made when it ends.
bool AppState::begin_compare_job() {
    if (compare_task_.busy()) {
        compare_pending_ = true;
        return false;
    }
    compare_pending_ = false;
    compared_.reset();
    comparison_.reset();
    return true;
}

// The second trace: the first trace's setup (its input included) with the chosen kernel, device and
// warp order. A kernel other than the first's takes its own fewest threads for N.
void AppState::capture_compared() {
    if (trace_ == nullptr)
        return;
    if (!begin_compare_job())
        return;
    ScanSetup other = request_like(trace_->trace.config, setup);
    if (other.algorithm != compare_choice.algorithm)
        other.block_threads = 0;
    other.algorithm = compare_choice.algorithm;
    other.device = compare_choice.device;
    other.warp_order = compare_choice.warp_order;
    compare_status_ = "Tracing " + std::string(name_of(other.algorithm)) + " to compare…";
    compare_task_.start([other](TaskControl&) {
        validate_scan_setup(other);
        CaptureResult result = capture_trace(other);
        return Prepared{prepare_for_display(std::move(result.trace), "recorded now"), "", false};
    });
}

void AppState::load_compare_trace(const std::string& path) {
    compare_file_ = path;
    comparing_ = true;
    if (!begin_compare_job())
        return;
    compare_status_ = "Opening " + printable_path(path) + " to compare…";
    compare_task_.start([path](TaskControl&) {
        return Prepared{prepare_for_display(load_trace_file(path), path), "", true};
    });
}

void AppState::poll_compared() {
    auto outcome = compare_task_.poll();
    if (!outcome)
        return;
    if (compare_pending_) { // a newer request came while this one ran: it replaces this one
        compare_file_.empty() ? capture_compared() : load_compare_trace(compare_file_);
        return;
    }
    if (outcome->index() == 1) {
        compare_status_ = "Cannot compare: " + std::get<1>(*outcome);
        if (!compare_file_.empty()) // a file that does not open is named in the status bar too
            report_error(compare_status_);
        compare_file_.clear();
        return;
    }
    compared_ = std::move(std::get<0>(*outcome).loaded);
    compare_status_.clear();
    if (trace_ != nullptr)
        comparison_ = std::make_unique<TraceComparison>(compare_traces(*trace_, *compared_));
}

int AppState::compared_step() const {
    const TraceComparison* c = comparison();
    if (c == nullptr || c->sides[0].paired_step.empty())
        return 0;
    return c->sides[0].paired_step[static_cast<std::size_t>(std::clamp(step_, 0, step_count() - 1))];
}

void AppState::set_step(int step) { step_ = std::clamp(step, 0, std::max(0, step_count() - 1)); }

void AppState::jump_to_first_wrong() {
    if (trace_ == nullptr)
        return;
    const std::vector<std::uint8_t>& wrong = trace_->trace.check.wrong;
    const auto first = std::find(wrong.begin(), wrong.end(), std::uint8_t{1});
    if (first == wrong.end())
        return;
    last_step(); // the output row is written in the last step
    element_focus_ = {static_cast<int>(first - wrong.begin()), element_focus_.serial + 1};
}

void AppState::toggle_play() { set_playing(!playing_); }

void AppState::set_playing(bool playing) {
    // Playing from the last step starts over, as a lecturer expects after a first run-through.
    if (playing && shown_step() >= shown_step_count() - 1)
        go_first();
    playing_ = playing && shown_step_count() > 1;
    play_clock_ = 0;
}

void AppState::advance_time(double seconds) {
    if (!playing_)
        return;
    play_clock_ += seconds;
    while (play_clock_ >= play_interval && playing_) {
        play_clock_ -= play_interval;
        go_next();
        if (shown_step() >= shown_step_count() - 1)
            playing_ = false;
    }
}

void AppState::settings_changed() {
    // Auto never replaces an opened trace file by itself (issue 10). A lecturer who opened a prepared
    // trace and then touches a setting — often by accident, or to look at the choices — would lose it
    // without a word, and a dialog asking about it in front of a hall would be worse. So the edit only
    // changes the panel, which then says "settings edited: F5 traces them"; the file stays on screen
    // until an explicit Trace again (F5, or the button), which is also how Auto is re-armed.
    if (!trace_file_.empty()) {
        file_settings_edited_ = true;
        return;
    }
    if (auto_capture)
        capture_now();
}

void AppState::run(Job job) {
    if (task_.busy()) {
        pending_ = std::move(job); // run the newest request when this one ends
        return;
    }
    task_.start(std::move(job));
}

void AppState::capture_now() {
    run([setup = setup](TaskControl&) {
        validate_scan_setup(setup); // a refusal is the job's error, shown in the status bar
        CaptureResult result = capture_trace(setup);
        char text[200];
        std::snprintf(text, sizeof text, "Traced on %s in %.1f ms", result.trace.config.device_name.c_str(),
                      result.capture_ms);
        return Prepared{prepare_for_display(std::move(result.trace), "recorded now"), text, false};
    });
}

namespace {

// A status line names the file, not its folders: a long path wrapped the status bar over three lines
// at 1280×720 and scale 2, taking the timeline's rows (the file browser's Recent files keep the whole path).
std::string file_name_of(const std::string& path) { return std::filesystem::path(path).filename().string(); }

} // namespace

void AppState::load_trace(const std::string& path) {
    run([path](TaskControl&) {
        // Anything but a grid trace is read as a block trace, whose reader names what is wrong with a
        // file that is neither (as before grid traces had files).
        if (file_kind_of(path).kind == FileKind::grid_trace) {
            GridTrace grid = load_grid_trace_file(path);
            const std::string message = "Opened the grid trace " + printable_path(file_name_of(path)) + " (recorded on " +
                                        printable(grid.config.device_name) + ")";
            return Prepared{prepare_grid_for_display(std::move(grid)), path, message};
        }
        Trace trace = load_trace_file(path);
        const std::string message =
            "Opened " + printable_path(file_name_of(path)) + " (recorded on " + printable(trace.config.device_name) + ")";
        return Prepared{prepare_for_display(std::move(trace), path), message, true};
    });
}

void AppState::poll_background_work() {
    poll_grid();
    poll_compared();
    if (auto companion = companion_task_.poll()) {
        if (companion->index() == 0 && !companion_pending_)
            companion_ = std::move(std::get<0>(*companion).loaded);
        if (companion_pending_)
            capture_companion();
    }
    auto outcome = task_.poll();
    if (!outcome)
        return;
    if (outcome->index() == 0) {
        Prepared& prepared = std::get<0>(*outcome);
        if (prepared.grid) {
            const std::string path = prepared.grid_path;
            trace_files_used_.push_back(path);
            show_grid_file(std::move(prepared.grid), path);
        } else if (prepared.from_file) {
            trace_files_used_.push_back(prepared.loaded->origin);
            show_trace_file(std::move(prepared.loaded));
        }
        else
            show_trace(std::move(prepared.loaded));
        inform(prepared.message);
    } else {
        report_error(std::get<1>(*outcome));
    }
    if (pending_)
        task_.start(std::exchange(pending_, nullptr));
}

void AppState::save_trace(const std::string& path) {
    if (!trace_) {
        report_error("no trace to save yet");
        return;
    }
    try {
        save_trace_file(trace_->trace, path);
        trace_files_used_.push_back(path);
        inform("Saved " + path);
    } catch (const std::exception& e) {
        report_error(e.what());
    }
}

std::string status_message_text(MessageKind kind, const std::string& message) {
    switch (kind) {
    case MessageKind::info:
        return message;
    case MessageKind::warning:
        return "warning: " + message;
    case MessageKind::error:
        return "error: " + message;
    }
    return message;
}

void AppState::inform(std::string message) {
    message_ = std::move(message);
    message_kind_ = MessageKind::info;
}

void AppState::warn(std::string message) {
    message_ = std::move(message);
    message_kind_ = MessageKind::warning;
}

void AppState::report_error(std::string message) {
    message_ = std::move(message);
    message_kind_ = MessageKind::error;
}

} // namespace prefixlab
