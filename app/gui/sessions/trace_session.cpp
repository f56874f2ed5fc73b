#include "gui/sessions/trace_session.hpp"

#include "core/ground/kernel_facts.hpp" // companion_of
#include "core/ground/kernel_names.hpp"
#include "core/ground/step_label.hpp"
#include "core/trace/trace_json.hpp"
#include "core/util/printable.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>

namespace prefixlab {

namespace {

// A status line names the file, not its folders: a long path wrapped the status bar over three lines
// at 1280×720 and scale 2, taking a view's rows (the file browser's Recent files keep the whole path).
std::string file_name_of(const std::string& path) { return std::filesystem::path(path).filename().string(); }

} // namespace

int TraceSession::step_count() const { return trace_ ? static_cast<int>(trace_->trace.steps.size()) : 0; }

void TraceSession::set_step(int step) { step_ = std::clamp(step, 0, std::max(0, step_count() - 1)); }

void TraceSession::show_trace(std::unique_ptr<LoadedTrace> loaded) {
    const bool same_shape = trace_ && trace_->trace.steps.size() == loaded->trace.steps.size();
    trace_ = std::move(loaded);
    // Keep the lecturer's place when re-tracing the same shape (e.g. a new random input); a new trace
    // opens on its first step, so the screen does not give the answer away before it is stepped to
    // (it opened on the last step, with every later value readable: issue 10).
    set_step(step_when_shown_ >= 0 ? std::exchange(step_when_shown_, -1) : same_shape ? step_ : 0);
    capture_companion();
    trace_file_.clear();
    file_settings_edited_ = false;
    for (const auto& listener : shown_listeners_)
        listener();
}

void TraceSession::show_trace_file(std::unique_ptr<LoadedTrace> loaded) {
    // The settings panel shows what the opened trace was recorded with (Open and --trace alike:
    // --trace once left the panel on the defaults, hillis-steele N = 32 beside a racy N = 1024 trace).
    setup = request_like(loaded->trace, setup);
    std::string origin = loaded->origin; // the path it was read from
    show_trace(std::move(loaded));
    trace_file_ = std::move(origin);
}

void TraceSession::capture_companion() {
    companion_.reset();
    const auto other = companion_of(trace_->trace.config.algorithm);
    if (!other)
        return;
    if (companion_task_.busy()) {
        companion_pending_ = true; // capture for the newest trace when this one ends
        return;
    }
    companion_pending_ = false;
    ScanSetup companion = request_like(trace_->trace, setup);
    companion.algorithm = *other;
    companion.block_threads = trace_->trace.config.block_threads; // both layouts need the same threads for the same N
    companion_task_.start([companion](TaskControl&) {
        validate_scan_setup(companion);
        CaptureResult result = capture_trace(companion);
        return Prepared{prepare_for_display(std::move(result.trace), "recorded now"), "", false};
    });
}

void TraceSession::jump_to_first_wrong() {
    if (trace_ == nullptr)
        return;
    const std::vector<std::uint8_t>& wrong = trace_->trace.check.wrong;
    const auto first = std::find(wrong.begin(), wrong.end(), std::uint8_t{1});
    if (first == wrong.end())
        return;
    set_step(step_count() - 1); // the output row is written in the last step
    element_focus_ = {static_cast<int>(first - wrong.begin()), element_focus_.serial + 1};
}

void TraceSession::settings_changed() {
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

void TraceSession::run(Job job) {
    if (task_.busy()) {
        pending_ = std::move(job); // run the newest request when this one ends
        return;
    }
    task_.start(std::move(job));
}

void TraceSession::capture_now() {
    run([setup = setup](TaskControl&) {
        validate_scan_setup(setup); // a refusal is the job's error, shown in the status bar
        CaptureResult result = capture_trace(setup);
        char text[200];
        std::snprintf(text, sizeof text, "Traced on %s in %.1f ms", result.trace.config.device_name.c_str(),
                      result.capture_ms);
        return Prepared{prepare_for_display(std::move(result.trace), "recorded now"), text, false};
    });
}

void TraceSession::load_trace(const std::string& path) {
    run([path](TaskControl&) {
        Trace trace = load_trace_file(path);
        const std::string message =
            "Opened " + printable_path(file_name_of(path)) + " (recorded on " + printable(trace.config.device_name) + ")";
        return Prepared{prepare_for_display(std::move(trace), path), message, true};
    });
}

void TraceSession::poll() {
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
        if (prepared.from_file) {
            trace_files_used_.push_back(prepared.loaded->origin);
            show_trace_file(std::move(prepared.loaded));
        } else {
            show_trace(std::move(prepared.loaded));
        }
        messages_.inform(prepared.message);
    } else {
        messages_.report_error(std::get<1>(*outcome));
    }
    if (pending_)
        task_.start(std::exchange(pending_, nullptr));
}

void TraceSession::save(const std::string& path) {
    if (!trace_) {
        messages_.report_error("no trace to save yet");
        return;
    }
    try {
        save_trace_file(trace_->trace, path);
        trace_files_used_.push_back(path);
        messages_.inform("Saved " + path);
    } catch (const std::exception& e) {
        messages_.report_error(e.what());
    }
}

std::string TraceSession::step_line() const {
    if (trace_ == nullptr)
        return "";
    return "Step " + std::to_string(step_) + " of " + std::to_string(step_count()) + ": " +
           step_label(trace_->trace.steps[step_].tag);
}

std::string TraceSession::source_line() const {
    if (trace_ == nullptr)
        return "";
    return trace_->trace.config.kernel_source + ":" + std::to_string(trace_->trace.steps[step_].tag.line);
}

namespace {

constexpr const char* kNoTrace = "No trace yet: the narration says what each step does once one is traced or opened.";

// One short line: it shares the strip with the sentence at lecture scale (1280×720 at 2× fits the
// sentence and this line in a quarter of the window); which threads were idle is in the tooltip.
std::string counters_line(const StepCounters& c) {
    return std::to_string(c.active_threads) + " of " + std::to_string(c.block_threads) + " threads active · work " +
           std::to_string(c.work) + " (serial " + std::to_string(c.serial_work) + ") · depth " +
           std::to_string(c.steps) + (c.steps == 1 ? " step, " : " steps, ") + std::to_string(c.barriers) +
           (c.barriers == 1 ? " barrier" : " barriers");
}

// The step's races, each with both threads: one said — one that read a new value where there is
// one, since that is the read that makes outputs wrong — and the rest counted. "" for none.
std::string race_line(const LoadedTrace& loaded, std::size_t step) {
    const auto in_step = [&](const RaceNote& r) { return r.step == step; };
    const auto count = std::count_if(loaded.races.begin(), loaded.races.end(), in_step);
    if (count == 0)
        return "";
    auto shown = std::find_if(loaded.races.begin(), loaded.races.end(),
                              [&](const RaceNote& r) { return in_step(r) && r.saw_new_value; });
    if (shown == loaded.races.end())
        shown = std::find_if(loaded.races.begin(), loaded.races.end(), in_step);
    std::string race = "Race: " + shown->text;
    if (count > 1)
        race += " (and " + std::to_string(count - 1) + " more racy reads in this step)";
    return race;
}

// The narration of `loaded` at `step` (clamped to its steps).
Narration narrate_step(const LoadedTrace& loaded, int step) {
    const std::size_t k = std::min(static_cast<std::size_t>(std::max(step, 0)), loaded.narration.size() - 1);
    const StepNarration& n = loaded.narration[k];
    return {n.what, counters_line(n.counters),
            n.who + "\nWork: combine operations recorded so far (a serial scan does n − 1).\n"
                    "Depth: steps so far, and how many of them a block barrier opened.",
            race_line(loaded, k),
            "\nwrong: " + std::to_string(loaded.trace.check.wrong_count) + " of " +
                std::to_string(loaded.trace.output.size())};
}

} // namespace

Narration TraceSession::narration() const {
    if (trace_ == nullptr || trace_->narration.empty())
        return {kNoTrace, "", "", "", ""};
    Narration n = narrate_step(*trace_, step_);
    const Beside beside = beside_ ? beside_() : Beside{};
    if (beside.trace == nullptr || beside.trace->narration.empty())
        return n;
    // Both sides, each named by its kernel; the counters stay the left side's (the tooltip says so).
    const Narration other = narrate_step(*beside.trace, beside.step);
    const auto side = [](const char* which, const LoadedTrace& loaded) {
        return std::string(which) + ", " + std::string(name_of(loaded.trace.config.algorithm)) + ": ";
    };
    // Where both sides do the same in the step (Blelloch beside padded Blelloch), the sentence is said once:
    // twice, it took four of the strip's lines at 2× on 1280×720 and pushed the race line out of view.
    if (n.sentence == other.sentence)
        n.sentence = "Both, " + std::string(name_of(trace_->trace.config.algorithm)) + " and " +
                     std::string(name_of(beside.trace->trace.config.algorithm)) + ": " + n.sentence;
    else
        n.sentence = side("Left", *trace_) + n.sentence + "\n" + side("Right", *beside.trace) + other.sentence;
    if (!n.race.empty())
        n.race = "Left: " + n.race;
    if (!other.race.empty())
        n.race += (n.race.empty() ? "" : "\n") + std::string("Right: ") + other.race;
    n.counters_tooltip = "The left side's counters.\n" + n.counters_tooltip;
    return n;
}

} // namespace prefixlab
