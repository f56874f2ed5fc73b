#include "gui/views/narration_view.hpp"

#include "gui/app_state.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <imgui.h>
#include <string>

namespace prefixlab {

std::string narration_report(const AppState& state) {
    const SteppedSession& session = state.stepped();
    if (!session.has_trace())
        return "narration: none";
    const Narration n = session.narration();
    std::string report = "narration: " + n.sentence;
    if (!n.counters.empty())
        report += "\ncounters: " + n.counters;
    if (!n.race.empty())
        report += "\nrace: " + n.race.substr(n.race.find(':') + 2);
    return report + n.report_extra;
}

float NarrationView::height(const AppState& state, float width) const {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float wrap = std::max(1.0f, width - 2 * style.WindowPadding.x);
    const auto lines_of = [&](const std::string& text) {
        return text.empty() ? 0.0f : ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y + style.ItemSpacing.y;
    };
    const Narration n = state.stepped().narration();
    const float content = lines_of(n.sentence) + lines_of(n.counters) + lines_of(n.race);
    return content - style.ItemSpacing.y + 2 * style.WindowPadding.y;
}

void NarrationView::draw(AppState& state, const ViewContext&) {
    const SteppedSession& session = state.stepped();
    const Narration n = session.narration();
    ImGui::PushTextWrapPos(0);
    if (!session.has_trace()) {
        ImGui::TextDisabled("%s", n.sentence.c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    ImGui::TextUnformatted(n.sentence.c_str());
    // The race before the counters: where the strip is full (compare mode's two sentences at 2× on 1920×1080
    // took its quarter of the window), what is cut off at its bottom is the counters, not the race.
    if (!n.race.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, text_colour(theme::colours().error));
        ImGui::TextUnformatted(n.race.c_str());
        ImGui::PopStyleColor();
    }
    if (!n.counters.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        ImGui::TextUnformatted(n.counters.c_str());
        ImGui::PopStyleColor();
        if (!n.counters_tooltip.empty() && ImGui::IsItemHovered())
            tooltip("%s", n.counters_tooltip.c_str());
    }
    ImGui::PopTextWrapPos();
}

} // namespace prefixlab
