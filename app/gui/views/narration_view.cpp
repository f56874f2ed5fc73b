#include "gui/views/narration_view.hpp"

#include "core/analysis/step_narration.hpp"
#include "gui/app_state.hpp"

#include <imgui.h>
#include <string>

namespace prefixlab {

void NarrationView::draw(AppState& state, const ViewContext&) {
    const LoadedTrace* loaded = state.trace();
    if (loaded == nullptr || loaded->narration.empty()) {
        ImGui::TextDisabled("No trace yet: the narration says what each step does once one is traced or opened.");
        return;
    }
    const std::size_t step = static_cast<std::size_t>(state.step()) < loaded->narration.size()
                                 ? static_cast<std::size_t>(state.step())
                                 : loaded->narration.size() - 1;
    const StepNarration& n = loaded->narration[step];
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(n.what.c_str());
    const StepCounters& c = n.counters;
    // One short line: it shares the strip with the sentence at lecture scale (1280×720 at 2× fits the
    // sentence and this line in a quarter of the window); which threads were idle is in the tooltip.
    const std::string counters = std::to_string(c.active_threads) + " of " + std::to_string(c.block_threads) +
                                 " threads active · work " + std::to_string(c.work) + " (serial " +
                                 std::to_string(c.serial_work) + ") · depth " + std::to_string(c.steps) +
                                 (c.steps == 1 ? " step, " : " steps, ") + std::to_string(c.barriers) +
                                 (c.barriers == 1 ? " barrier" : " barriers");
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextUnformatted(counters.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\nWork: combine operations recorded so far (a serial scan does n − 1).\n"
                          "Depth: steps so far, and how many of them a block barrier opened.",
                          n.who.c_str());
}

} // namespace prefixlab
