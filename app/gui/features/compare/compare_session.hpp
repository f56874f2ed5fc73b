// Compare mode's session (F3): a second trace beside the first, stepping with it, differences marked
// (core/analysis/trace_comparison.hpp). The second trace is the first one's setup with another kernel,
// device or warp order, captured in the background whenever either changes, or a trace file.
#pragma once

#include "core/analysis/loaded_trace.hpp"
#include "core/analysis/trace_comparison.hpp"
#include "core/util/background_task.hpp"
#include "gui/sessions/stepped_session.hpp"
#include "gui/sessions/trace_session.hpp"

#include <memory>
#include <string>

namespace prefixlab {

class CompareSession final : public BackgroundWork {
public:
    // Once the window is open: the block trace it compares with, and where its messages go.
    void attach(TraceSession& first, StatusMessages& messages);

    struct Choice {
        BlockAlgorithm algorithm = kDefaultBlockAlgorithm;
        DeviceChoice device = DeviceChoice::automatic;
        WarpOrder warp_order = WarpOrder::in_order;
        friend bool operator==(const Choice&, const Choice&) = default;
    };
    bool on() const { return on_; }
    // Turning it on the first time picks the kernel's counterpart (compare_counterpart_of) on the same
    // device and warp order.
    void set_on(bool on);
    Choice choice;
    void choice_changed(); // after editing `choice`: back from a file, traced again
    // A scene's: this choice, on or off; the second trace is made once the first is in.
    void restore(const Choice& chosen, bool on);
    void load(const std::string& path);
    // The second trace and the comparison, once both sides are ready (nullptr before, and while off).
    const LoadedTrace* second() const { return on_ && comparison_ ? second_.get() : nullptr; }
    const TraceComparison* comparison() const { return on_ ? comparison_.get() : nullptr; }
    int second_step() const; // the second trace's step shown with the first's
    // What the second side says while it has no trace: "Tracing …", or why it cannot be traced.
    const std::string& status() const { return status_; }
    const std::string& file() const { return file_; }

    bool busy() const { return task_.busy(); }
    bool tracing() const override { return busy(); }
    void poll() override;

private:
    void first_shown();
    bool begin_job();
    void capture();

    TraceSession* first_ = nullptr;
    StatusMessages* messages_ = nullptr;
    bool on_ = false;
    bool chosen_ = false; // `choice` was set (by the first set_on or by the user)
    std::unique_ptr<LoadedTrace> second_;
    std::unique_ptr<TraceComparison> comparison_;
    BackgroundTask<std::unique_ptr<LoadedTrace>> task_;
    bool pending_ = false; // another capture asked for while one ran
    std::string status_;
    std::string file_; // the second trace's file, or "" when it is captured
};

} // namespace prefixlab
