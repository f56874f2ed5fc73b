#include "gui/features/compare/compare_session.hpp"

#include "core/ground/kernel_facts.hpp" // compare_counterpart_of
#include "core/trace/trace_json.hpp"
#include "core/util/printable.hpp"

#include <algorithm>

namespace prefixlab {

void CompareSession::attach(TraceSession& first, StatusMessages& messages) {
    first_ = &first;
    messages_ = &messages;
    first.when_shown([this] { first_shown(); });
    first.narrate_beside([this] { return TraceSession::Beside{second(), second_step()}; });
}

void CompareSession::first_shown() {
    comparison_.reset();
    if (on_ && file_.empty())
        capture();
    else if (on_ && second_)
        comparison_ = std::make_unique<TraceComparison>(compare_traces(*first_->trace(), *second_));
}

void CompareSession::set_on(bool on) {
    if (on == on_)
        return;
    on_ = on;
    if (!on)
        return;
    if (!chosen_) {
        const ScanSetup& setup = first_->setup;
        choice = {compare_counterpart_of(setup.algorithm), setup.device, setup.warp_order};
        chosen_ = true;
    }
    if (file_.empty())
        capture();
}

void CompareSession::choice_changed() {
    chosen_ = true;
    file_.clear();
    if (on_)
        capture();
}

void CompareSession::restore(const Choice& chosen, bool on) {
    choice = chosen;
    chosen_ = true;
    file_.clear();
    on_ = on;
    second_.reset();
    comparison_.reset();
    // The first trace is being traced again for the scene: its listener (first_shown) makes this side.
}

// Whether a new second trace may be started now (the old one is dropped); while one is being made,
// the newest request is remembered and made when it ends.
bool CompareSession::begin_job() {
    if (task_.busy()) {
        pending_ = true;
        return false;
    }
    pending_ = false;
    second_.reset();
    comparison_.reset();
    return true;
}

// The second trace: the first trace's setup (its input included) with the chosen kernel, device and
// warp order. A kernel other than the first's takes its own fewest threads for N.
void CompareSession::capture() {
    if (first_ == nullptr || first_->trace() == nullptr || !begin_job())
        return;
    ScanSetup other = request_like(first_->trace()->trace, first_->setup);
    if (other.algorithm != choice.algorithm)
        other.block_threads = 0;
    other.algorithm = choice.algorithm;
    other.device = choice.device;
    other.warp_order = choice.warp_order;
    status_ = "Tracing " + std::string(name_of(other.algorithm)) + " to compare…";
    task_.start([other](TaskControl&) {
        validate_scan_setup(other);
        CaptureResult result = capture_trace(other);
        return prepare_for_display(std::move(result.trace), "recorded now");
    });
}

void CompareSession::load(const std::string& path) {
    file_ = path;
    on_ = true;
    if (!begin_job())
        return;
    status_ = "Opening " + printable_path(path) + " to compare…";
    task_.start([path](TaskControl&) { return prepare_for_display(load_trace_file(path), path); });
}

void CompareSession::poll() {
    auto outcome = task_.poll();
    if (!outcome)
        return;
    if (pending_) { // a newer request came while this one ran: it replaces this one
        file_.empty() ? capture() : load(file_);
        return;
    }
    if (outcome->index() == 1) {
        status_ = "Cannot compare: " + std::get<1>(*outcome);
        if (!file_.empty() && messages_ != nullptr) // a file that does not open is named in the status bar too
            messages_->report_error(status_);
        file_.clear();
        return;
    }
    second_ = std::move(std::get<0>(*outcome));
    status_.clear();
    if (first_->trace() != nullptr)
        comparison_ = std::make_unique<TraceComparison>(compare_traces(*first_->trace(), *second_));
}

int CompareSession::second_step() const {
    const TraceComparison* c = comparison();
    if (c == nullptr || c->sides[0].paired_step.empty())
        return 0;
    return c->sides[0].paired_step[static_cast<std::size_t>(std::clamp(first_->step(), 0, first_->step_count() - 1))];
}

} // namespace prefixlab
