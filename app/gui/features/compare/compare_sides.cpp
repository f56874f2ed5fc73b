// Compare mode (F3, View ▸ Compare side by side): the selected tab drawn twice, the trace on screen on
// the left and the one compared with it on the right, each by its own instance of the view, both looking
// at the same region (shared_place.hpp), each at its paired step (core/analysis/trace_comparison.hpp).
// Above both, one line says how the two differ; each side's caption names its kernel and outcome (and device and schedule where they differ).
#include "core/analysis/trace_comparison.hpp"
#include "core/ground/kernel_names.hpp"
#include "gui/app_state.hpp"
#include "gui/features/compare/compare_feature.hpp"
#include "gui/theme.hpp"
#include "gui/views/view.hpp"

#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

// One line over each side: the kernel and its outcome, and where the two sides ran differently, the
// device and schedule too ("hillis-steele-racy, lanes interleaved access by access: 11 of 16 wrong").
std::string side_title(const LoadedTrace& loaded, const LoadedTrace& other) {
    const TraceConfig& c = loaded.trace.config;
    const TraceConfig& o = other.trace.config;
    std::string title(name_of(c.algorithm));
    if (c.device_name != o.device_name)
        title += " on " + c.device_name;
    if (c.emulated && (!o.emulated || c.warp_order != o.warp_order))
        title += ", " + std::string(phrase_of(c.warp_order));
    const std::size_t wrong = loaded.trace.check.wrong_count;
    title += wrong > 0 ? ": " + std::to_string(wrong) + " of " + std::to_string(loaded.trace.output.size()) + " wrong"
                       : ": right";
    return title;
}

} // namespace

std::string compare_line(const TraceComparison& comparison, bool framed) {
    return comparison.summary + (framed ? " (framed)" : ""); // Warps and Global frame nothing
}

bool CompareFeature::draw_tab(AppState& state, const ViewContext& context, View& first, View* second_view) {
    if (!session_.on() || second_view == nullptr) {
        shared_.forget(); // compare mode opened again opens as the first time
        return false;
    }
    View& second = *second_view;
    const TraceComparison* comparison = session_.comparison();
    const LoadedTrace* sides[2] = {state.block.trace(), session_.second()};
    const int steps[2] = {state.block.step(), session_.second_step()};
    ImGui::PushTextWrapPos(0);
    if (comparison != nullptr) {
        const ImVec4 ink = ImGui::ColorConvertU32ToFloat4(theme::packed(theme::colours().differs));
        ImGui::TextColored(ink, "■");
        ImGui::SameLine();
        ImGui::TextUnformatted((compare_line(*comparison, first.marks_differences()) + " · F3 ends").c_str());
    } else {
        ImGui::TextUnformatted((session_.status() + " · F3 ends").c_str());
    }
    ImGui::PopTextWrapPos();

    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const float width = (ImGui::GetContentRegionAvail().x - gap) / 2;
    const float height = ImGui::GetContentRegionAvail().y;
    for (int side = 0; side < 2; ++side) {
        if (side == 1)
            ImGui::SameLine(0, gap);
        // A view that needs more than half the width (Banks at 2× on 1920×1080) scrolls in its half.
        ImGui::BeginChild(side == 0 ? "##first-side" : "##compared-side", ImVec2(width, height), false,
                          ImGuiWindowFlags_HorizontalScrollbar);
        if (sides[side] == nullptr || comparison == nullptr) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextDisabled("%s", side == 0 ? "Tracing…" : session_.status().c_str());
            ImGui::PopTextWrapPos();
        } else {
            ImGui::PushTextWrapPos(0);
            ImGui::TextUnformatted(side_title(*sides[side], *sides[1 - side]).c_str());
            ImGui::PopTextWrapPos();
            ViewContext shown = context;
            shown.shown = {sides[side], steps[side], comparison, side};
            (side == 0 ? first : second).draw(state, shown);
            shared_.share_half_scroll(side);
        }
        ImGui::EndChild();
    }
    if (comparison != nullptr && sides[0] != nullptr && sides[1] != nullptr)
        shared_.share(first, second);
    return true;
}

} // namespace prefixlab
