// Compare mode (F3, View ▸ Compare side by side): the selected tab drawn twice, the trace on screen on
// the left and the one compared with it on the right, each by its own instance of the view, both looking
// at the same region (shared_place.hpp), each at its paired step (core/analysis/trace_comparison.hpp).
// Above both, one line says how the two differ; each side's caption names its kernel and outcome (and device and schedule where they differ).
#include "core/analysis/trace_comparison.hpp"
#include "core/ground/kernel_names.hpp"
#include "gui/app_state.hpp"
#include "gui/features/compare/compare_feature.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/theme.hpp"
#include "gui/views/view.hpp"

#include <algorithm>
#include <imgui.h>
#include <imgui_internal.h> // the half's window: its ID and inner rectangle
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

void CompareFeature::follow_in_half(int side, int step, const View* tab, layout::StepRowSpan row) {
    // A half shorter than its view (side title, legend, then the rows) scrolls so that the current step's row,
    // which the view keeps in its own window, is on screen too: at 2× on a 1280×720 window Banks' halves showed
    // their legends while step 9's band lay below the edge. It follows when the step, the tab, the half, its room
    // or the font changes, for three frames (a scroll asked for in a window's first frame is held to the content
    // it had); between those the half is the user's. The room and the font count so that where the half ends
    // depends only on the step and the window, not on the way there (a scene restored at 2× scrolled otherwise
    // than one set up at 1×).
    const ImGuiWindow* half = ImGui::GetCurrentWindowRead();
    const ImGuiID window = half->ID;
    const ImRect& inner = half->InnerRect;
    HalfFollow& follow = half_follow_[side];
    const float height = inner.GetHeight(), font = ImGui::GetFontSize();
    if (step != follow.step || window != follow.window || tab != follow.tab || height != follow.height ||
        font != follow.font)
        follow = {step, window, tab, height, font, 3};
    if (follow.frames == 0)
        return;
    --follow.frames;
    // Where the row lies in what the half scrolls over, and a place from that alone (not from the scroll
    // before): the top where the row is in view from there, else the row's bottom at the half's bottom (the
    // titles above it stay where they fit), else, for a row taller than the half, its top at the top.
    // The row where the view's own follow puts it: inside the view's window for its rows.
    const float row_h = std::min(row.y1 - row.y0, row.rows_y1 - row.rows_y0);
    const float row_y0 = std::clamp(row.y0, row.rows_y0, std::max(row.rows_y0, row.rows_y1 - row_h));
    const float y0 = row_y0 - inner.Min.y + ImGui::GetScrollY(), y1 = y0 + row_h;
    const float scroll = y1 <= height ? 0.0f : y1 - y0 > height ? y0 : y1 - height;
    ImGui::SetScrollY(std::clamp(scroll, 0.0f, ImGui::GetScrollMaxY()));
}

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
            const std::size_t rows_before = layout::current_step_rows_noted();
            (side == 0 ? first : second).draw(state, shown);
            if (layout::current_step_rows_noted() > rows_before)
                follow_in_half(side, steps[side], &first, layout::last_current_step_row());
            shared_.share_half_scroll(side);
        }
        ImGui::EndChild();
    }
    if (comparison != nullptr && sides[0] != nullptr && sides[1] != nullptr)
        shared_.share(first, second);
    return true;
}

} // namespace prefixlab
