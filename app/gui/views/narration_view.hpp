// The narration strip under the views: the current step said in plain sentences (the kernel's
// template filled in from the trace, core/analysis/step_narration.hpp) and the running counters a
// lecture asks about — active threads, work so far against the serial scan's, depth so far. Shown in
// every tab and in presentation mode; F2 hides it.
#pragma once

#include "gui/views/view.hpp"

#include <string>

namespace prefixlab {

class AppState;

// What the strip shows at the current step, as lines for scripted mode's `report-narration`:
// "narration: …", "counters: …", "race: …" (when the step has one), "wrong: K of N".
std::string narration_report(const AppState& state);

class NarrationView : public View {
public:
    const char* title() const override { return "Narration"; }
    void draw(AppState& state, const ViewContext& context) override;
    // The strip's height for this frame at `width`, measured from the lines it will draw, so the
    // layout needs no height from an earlier frame (an exported frame once had the status bar over a
    // strip that had grown a line since the frame before).
    float height(const AppState& state, float width) const;
};

} // namespace prefixlab
