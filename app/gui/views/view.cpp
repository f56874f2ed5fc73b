#include "gui/views/view.hpp"

#include "core/analysis/trace_comparison.hpp"
#include "gui/app_state.hpp"

#include <algorithm>
#include <imgui.h>

namespace prefixlab {

const LoadedTrace* shown_trace_or_hint(const AppState& state, const ViewContext& context) {
    if (context.shown.trace == nullptr)
        ImGui::TextDisabled(state.tracing() ? "Tracing…" : "No trace yet: choose a kernel and N on the left.");
    return context.shown.trace;
}

void go_to_shown_step(AppState& state, const ShownTrace& shown, int step) {
    if (shown.side == 0 || shown.comparison == nullptr) {
        state.block.set_step(step);
        return;
    }
    // The first step of the trace on screen that shows this step of the other side, or a later one.
    const std::vector<int>& paired = shown.comparison->sides[0].paired_step;
    const auto first = std::find_if(paired.begin(), paired.end(), [step](int p) { return p >= step; });
    state.block.set_step(first == paired.end() ? state.block.step_count() - 1 : static_cast<int>(first - paired.begin()));
}

} // namespace prefixlab
