#include "gui/features/warps/divergence_view.hpp"

#include "core/analysis/loaded_trace.hpp"
#include "core/ground/step_label.hpp"
#include "gui/app_state.hpp"
#include "gui/colour_map.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/theme.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <imgui_internal.h> // the table and window being drawn: where the current row lies
#include <string>

namespace prefixlab {

namespace {

// The scale's legend on one line where it fits: each swatch holds its count ("idle" for none), and
// hovering the line says what the colours mean.
void draw_legend(float right_margin) {
    ImGui::TextUnformatted("active lanes:");
    if (ImGui::IsItemHovered())
        tooltip("Each warp's lanes that did anything in the step. A warp split by a branch issues\n"
                          "the instruction for all 32 lanes; a warp with none active issues nothing.");
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const float pad = ImGui::GetStyle().FramePadding.x, gap = ImGui::GetStyle().ItemInnerSpacing.x;
    for (int lanes : {0, 1, 8, 16, 24, 32}) {
        const std::string text = lanes == 0 ? "idle" : std::to_string(lanes);
        const float width = ImGui::CalcTextSize(text.c_str()).x + 2 * pad;
        same_line_if_fits(width + gap, right_margin);
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const theme::Rgb fill = activity_colour(static_cast<std::uint32_t>(lanes), 32);
        draw->AddRectFilled(p, ImVec2(p.x + width, p.y + line), theme::packed(fill));
        ImGui::Dummy(ImVec2(pad, line));
        ImGui::SameLine(0, 0);
        ImGui::PushStyleColor(ImGuiCol_Text, theme::packed(theme::ink_on(fill)));
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopStyleColor();
        ImGui::SameLine(0, 0);
        ImGui::Dummy(ImVec2(pad, line));
    }
}

// "50%", "0.4%": the share of the block's lanes at work in the step (a tenth of a percent below 10%,
// so that one lane of 256 does not read as none).
std::string active_share(const WarpActivity& activity, std::size_t step) {
    const double percent = activity.lanes == 0 ? 0 : 100.0 * activity.steps[step].active / activity.lanes;
    char text[16];
    std::snprintf(text, sizeof text, percent < 10 && percent > 0 ? "%.1f%%" : "%.0f%%", percent);
    return text;
}

// "32 of 256 lanes active; 8 warps split by the branch, 0 idle": the step's line on hover.
std::string step_detail(const WarpActivity& activity, std::size_t step) {
    const WarpActivityStep& s = activity.steps[step];
    return std::to_string(s.active) + " of " + std::to_string(activity.lanes) + " lanes active; " +
           std::to_string(s.divergent) + " warp" + (s.divergent == 1 ? "" : "s") + " split by a branch, " +
           std::to_string(activity.warps - s.busy) + " idle";
}

} // namespace

void DivergenceView::draw(AppState& state, const ViewContext& context) {
    const LoadedTrace* loaded = shown_trace_or_hint(state, context);
    if (loaded == nullptr)
        return;
    const WarpActivity& activity = activity_.of(loaded, [&] { return analyse_warp_activity(loaded->trace); });
    const Trace& trace = loaded->trace;
    const int current = context.shown.step;
    // Where the view is short (a half of compare mode at 3× on 1280×720: its three lines left the table 6 px
    // in view), the legend hides behind a button.
    legend_or_button([] { draw_legend(0); }, room_for_legend());

    // The step column holds the full labels ("3  iteration 3, stride 4: …") where they take at most a
    // quarter of the width, else the step numbers, the label on hover: the warps' cells come first.
    float widest = 0;
    for (std::size_t s = 0; s < trace.steps.size(); ++s)
        widest = std::max(widest, ImGui::CalcTextSize((std::to_string(s) + "  " + step_label(trace.steps[s].tag)).c_str()).x);
    const bool full_labels = widest <= ImGui::GetContentRegionAvail().x / 4;
    const int columns = 2 + static_cast<int>(activity.warps); // step, lanes, one a warp
    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInner |
                                  ImGuiTableFlags_SizingFixedFit;
    // At least the header and four steps tall: where the view is shorter (one of two sides at 3× on
    // 1280×720), the side scrolls rather than squeeze the table to nothing.
    const float row_h = ImGui::GetTextLineHeight() * 1.5f;
    const ImVec2 room = ImGui::GetContentRegionAvail();
    const float least = ImGui::GetFrameHeightWithSpacing() + 4 * (row_h + ImGui::GetStyle().CellPadding.y * 2) +
                        ImGui::GetStyle().ScrollbarSize;
    if (!ImGui::BeginTable("##warps", columns, flags, ImVec2(room.x, std::max(room.y, least))))
        return;
    // The step column stays while the warps scroll sideways; the header row scrolls with the steps (frozen,
    // rows would pass under it, cut at an edge that is no edge of the scrolled region).
    ImGui::TableSetupScrollFreeze(2, 0);
    ImGui::TableSetupColumn("step");
    ImGui::TableSetupColumn("lanes");
    const float cell_w = ImGui::CalcTextSize("w00").x + ImGui::GetStyle().CellPadding.x * 2;
    for (std::uint32_t w = 0; w < activity.warps; ++w)
        ImGui::TableSetupColumn(("w" + std::to_string(w)).c_str(), ImGuiTableColumnFlags_WidthFixed, cell_w);
    ImGui::TableHeadersRow();

    // Only the rows in view are laid out, and the current step's always, so that it can be followed. A radix
    // sort of 1024 keys (684 steps) at 1920×1080, 1×, on the 2-core machine: 14.9 ms a frame (median; max
    // 20.6) with every row, 13.2 ms (max 14.6) with the rows in view.
    const int steps = static_cast<int>(activity.steps.size());
    const int shown_rows = state.reveal ? std::min(current + 1, steps) : steps; // reveal: none of those to come
    ImGuiListClipper clipper;
    clipper.Begin(shown_rows);
    if (current >= 0 && current < shown_rows)
        clipper.ForceDisplayRangeByIndices(current, current + 1);
    while (clipper.Step())
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const std::size_t s = static_cast<std::size_t>(row);
            const WarpActivityStep& step = activity.steps[s];
            ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
            ImGui::TableSetColumnIndex(0);
            const std::string full = std::to_string(s) + "  " + step_label(trace.steps[s].tag);
            const std::string label = (full_labels ? full : std::to_string(s)) + "##step" + std::to_string(s);
            ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0, 0.5f));
            if (ImGui::Selectable(label.c_str(), static_cast<int>(s) == current, ImGuiSelectableFlags_None, ImVec2(0, row_h)))
                go_to_shown_step(state, context.shown, static_cast<int>(s));
            ImGui::PopStyleVar();
            if (static_cast<int>(s) == current) {
                // A new step (a key, the slider, the other side), another window (a half of compare mode opens
                // at the top) or another row height (a new UI scale moves every row: the row of step 30 of a
                // radix sort left the view at 1.5x): the row to the middle of the view. The part of the screen
                // the rows show through is the table's, clipped by the windows around it.
                const ImGuiWindow* rows = ImGui::GetCurrentWindowRead();
                // Asked for over a few frames: a scroll asked for in the frame that changed the rows' height is
                // clamped to the rows of the frame before (the last of 684 steps stayed 12 px out at 2×).
                if (current != followed_step_ || rows->ID != followed_window_ || row_h != followed_row_h_)
                    follow_frames_ = 3;
                if (follow_frames_ > 0) {
                    --follow_frames_;
                    ImGui::SetScrollHereY(0.5f);
                }
                followed_step_ = current, followed_window_ = rows->ID, followed_row_h_ = row_h;
            }
            if (!full_labels && ImGui::IsItemHovered())
                tooltip("%s", full.c_str());
            ImGui::TableSetColumnIndex(1);
            if (static_cast<int>(s) == current) {
                // The row as the table lays it out, now that its first cell (the step's label, the tallest) is
                // closed, less the padding under its cells: Dear ImGui's table scrolls no further than the last
                // row's content, and its padding stays 3 px below the view's edge at 2×.
                const ImGuiTable* table = ImGui::GetCurrentTable();
                const ImGuiWindow* rows = ImGui::GetCurrentWindowRead();
                layout::note_current_step_row({"Warps", table->RowPosY1, table->RowPosY2 - ImGui::GetStyle().CellPadding.y,
                                               rows->InnerClipRect.Min.y, rows->InnerClipRect.Max.y,
                                               rows->InnerRect.Min.y, rows->InnerRect.Max.y});
            }
            ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (row_h - ImGui::GetTextLineHeight()) / 2);
            ImGui::TextUnformatted(active_share(activity, s).c_str());
            if (ImGui::IsItemHovered())
                tooltip("%s", step_detail(activity, s).c_str());
            for (std::uint32_t w = 0; w < activity.warps; ++w) {
                ImGui::TableSetColumnIndex(2 + static_cast<int>(w));
                const theme::Rgb cell = activity_colour(step.lanes[w], activity.lanes_of(w));
                ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, theme::packed(cell));
                if (step.lanes[w] == 0)
                    continue; // idle: the empty cell says it
                const std::string count = std::to_string(step.lanes[w]);
                const float x = ImGui::GetCursorPosX() + (cell_w - ImGui::GetStyle().CellPadding.x * 2 -
                                                          ImGui::CalcTextSize(count.c_str()).x) / 2;
                ImGui::SetCursorPosX(x);
                ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (row_h - ImGui::GetTextLineHeight()) / 2);
                ImGui::PushStyleColor(ImGuiCol_Text, theme::packed(theme::ink_on(cell)));
                ImGui::TextUnformatted(count.c_str());
                ImGui::PopStyleColor();
            }
        }
    // Room below the last step, so that its row can scroll wholly into view: the table scrolled no further
    // than that row's content, and a radix sort's last step (its 18th) stayed 2 px below the view at 1.5×;
    // and room for what the windows around hide.
    const ImGuiWindow* rows = ImGui::GetCurrentWindowRead();
    const float hidden = std::max(0.0f, rows->InnerRect.Max.y - rows->InnerClipRect.Max.y);
    ImGui::TableNextRow(ImGuiTableRowFlags_None, hidden + ImGui::GetStyle().CellPadding.y * 2);
    ImGui::EndTable();
}

} // namespace prefixlab
