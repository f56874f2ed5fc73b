// What the step keys, playback, the settings panel's Step section, the narration strip and File ▸ Save
// act on: the trace of the tab on screen, whichever kind it is. The block trace (trace_session.hpp) and
// the features' traces (such as a multi-block run's) implement it, so no caller asks which one is
// shown (CUB's BlockScan front end picks its specialization once; callers never switch).
#pragma once

#include "gui/sessions/background_work.hpp"

#include <string>

namespace prefixlab {

// What the narration strip says at the current step.
struct Narration {
    std::string sentence;         // what the step did; a placeholder when there is no trace
    std::string counters;         // its numbers, dimmed under it ("" for none)
    std::string counters_tooltip; // shown over the counters ("" for none)
    std::string race;             // a race in the step, in the error colour ("" for none)
    std::string report_extra;     // lines report-narration adds ("\nwrong: 0 of 16"), "" for none
};

class SteppedSession {
public:
    virtual ~SteppedSession() = default;
    virtual bool has_trace() const = 0;
    virtual int step() const = 0;
    virtual int step_count() const = 0;
    virtual void set_step(int step) = 0; // clamped to the steps there are
    virtual Narration narration() const = 0;
    // The Step section's lines: "Step 3 of 8: up-sweep d=1", and the kernel source line it is at ("" for none).
    virtual std::string step_line() const = 0;
    virtual std::string source_line() const { return ""; }
    // File ▸ Save: what it saves (a noun such as "trace"), whether there is one, and saving it atomically
    // (a failure goes to the status bar).
    virtual const char* noun() const = 0;
    virtual void save(const std::string& path) = 0;
    // Whether the step exports (a GIF, a PNG sequence) can replay its steps.
    virtual bool exports_steps() const { return false; }
};

} // namespace prefixlab
