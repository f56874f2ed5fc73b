#include "value_grid_view.hpp"

#include "../app_state.hpp"
#include "../theme.hpp"
#include "../widgets.hpp"
#include "core/format_value.hpp"
#include "core/trace/step_label.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace prefixlab {

namespace {

// "  7  iteration 3, offset 4: read partner": step numbers right-aligned so the labels line up.
std::string row_label(int step, int steps, const StepTag& tag) {
    const std::string number = std::to_string(step);
    const std::size_t width = std::to_string(std::max(0, steps - 1)).size();
    return std::string(width - std::min(width, number.size()), ' ') + number + "  " + step_label(tag);
}

} // namespace

void ValueGridView::measure(const LoadedTrace& loaded, const ViewContext& context) {
    // The widest value decides the cell width; measured once per trace, not per frame.
    const Trace& trace = loaded.trace;
    std::size_t widest = 2;
    for (const TraceStep& step : trace.steps)
        for (std::size_t w = 0; w < step.shared.bits.size(); ++w)
            if (step.shared.defined[w])
                widest = std::max(widest, format_value(trace.config.type, step.shared.bits[w]).size());
    widest = std::max(widest, std::to_string(trace.config.shared_words).size());
    cell_chars_ = static_cast<int>(widest);
    std::size_t label = 12;
    const int steps = static_cast<int>(trace.steps.size());
    for (int k = 0; k < steps; ++k)
        label = std::max(label, row_label(k, steps, trace.steps[k].tag).size());
    label_chars_ = static_cast<int>(std::min<std::size_t>(label, 56));
    measured_ = &loaded;
    measured_scale_ = context.ui_scale;
}

void ValueGridView::draw(AppState& state, const ViewContext& context) {
    const LoadedTrace* loaded = state.trace();
    if (loaded == nullptr) {
        ImGui::TextDisabled(state.busy() ? "Tracing…" : "No trace yet: choose a kernel and N on the left.");
        return;
    }
    if (measured_ != loaded || measured_scale_ != context.ui_scale)
        measure(*loaded, context);
    const Trace& trace = loaded->trace;

    draw_legend({{theme::kCellWritten, "written in the step"},
                 {theme::kCellRead, "read in the step"},
                 {theme::kCellValue, "holds a value"},
                 {theme::kCellUnwritten, "not written yet"},
                 {theme::kCurrentStep, "current step"}});
    ImGui::SameLine(0, 30 * context.ui_scale);
    ImGui::Checkbox("Dim later steps", &dim_future_);

    ImGui::PushFont(context.mono_font);
    const float char_w = ImGui::CalcTextSize("0").x;
    const float cell_w = std::ceil(char_w * (cell_chars_ + 1.2f));
    const float cell_h = std::ceil(ImGui::GetTextLineHeight() * 1.45f);
    const float label_w = std::ceil(char_w * (label_chars_ + 1.5f));
    const float header_h = cell_h;
    const int words = static_cast<int>(trace.config.shared_words);
    const int steps = static_cast<int>(trace.steps.size());

    ImGui::BeginChild("value-grid", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    // Follow the current step: scroll its row into view when it changes.
    const int current = state.step();
    if (current != followed_step_) {
        const float row_top = header_h + current * cell_h;
        const float visible = ImGui::GetWindowHeight() - header_h - ImGui::GetStyle().ScrollbarSize;
        if (row_top < ImGui::GetScrollY() + header_h || row_top + cell_h > ImGui::GetScrollY() + visible)
            ImGui::SetScrollY(std::max(0.0f, row_top - visible / 2));
        followed_step_ = current;
    }
    ImGui::Dummy(ImVec2(label_w + words * cell_w, header_h + steps * cell_h));

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetWindowPos();
    const float scroll_x = ImGui::GetScrollX(), scroll_y = ImGui::GetScrollY();
    const ImVec2 view_size = ImGui::GetWindowSize();
    const float cells_left = origin.x + label_w, cells_top = origin.y + header_h;

    // Visible ranges only.
    const int first_col = std::max(0, static_cast<int>(scroll_x / cell_w));
    const int last_col = std::min(words - 1, static_cast<int>((scroll_x + view_size.x - label_w) / cell_w) + 1);
    const int first_row = std::max(0, static_cast<int>(scroll_y / cell_h));
    const int last_row = std::min(steps - 1, static_cast<int>((scroll_y + view_size.y - header_h) / cell_h) + 1);
    const ImVec2 mouse = ImGui::GetMousePos();
    int hover_row = -1, hover_col = -1;

    draw->PushClipRect(ImVec2(cells_left, cells_top), ImVec2(origin.x + view_size.x, origin.y + view_size.y), true);
    for (int k = first_row; k <= last_row; ++k) {
        const TraceStep& step = trace.steps[k];
        const StepAccesses& acc = loaded->index.steps[k];
        const float y = cells_top + k * cell_h - scroll_y;
        const bool later = dim_future_ && k > current;
        for (int w = first_col; w <= last_col; ++w) {
            const float x = cells_left + w * cell_w - scroll_x;
            const ImVec2 a(x + 1, y + 1), b(x + cell_w - 1, y + cell_h - 1);
            const bool defined = step.shared.defined[w];
            const bool written = acc.written[w];
            theme::Rgb fill = !defined ? theme::kCellUnwritten : written ? theme::kCellWritten : theme::kCellValue;
            draw->AddRectFilled(a, b, theme::packed(fill, later ? 90 : 255));
            if (acc.read[w])
                draw->AddRect(a, b, theme::packed(theme::kCellRead, later ? 90 : 255), 0, 0, 2.0f * context.ui_scale);
            if (defined) {
                const std::string text = format_value(trace.config.type, step.shared.bits[w]);
                const ImVec2 size = ImGui::CalcTextSize(text.c_str());
                const theme::Rgb ink = written ? theme::kTextOnLight : theme::kTextOnDark;
                draw->AddText(ImVec2(x + (cell_w - size.x) / 2, y + (cell_h - size.y) / 2),
                              theme::packed(ink, later ? 110 : 255), text.c_str());
            }
            if (mouse.x >= x && mouse.x < x + cell_w && mouse.y >= y && mouse.y < y + cell_h)
                hover_row = k, hover_col = w;
        }
    }
    // The current step's band.
    {
        const float y = cells_top + current * cell_h - scroll_y;
        draw->AddRect(ImVec2(cells_left - scroll_x, y), ImVec2(cells_left + words * cell_w - scroll_x, y + cell_h),
                      theme::packed(theme::kCurrentStep), 0, 0, 3.0f * context.ui_scale);
    }
    draw->PopClipRect();

    // Sticky header (word indices) and row labels (steps), drawn over the scrolled cells.
    draw->PushClipRect(ImVec2(cells_left, origin.y), ImVec2(origin.x + view_size.x, cells_top), true);
    for (int w = first_col; w <= last_col; ++w) {
        const std::string text = std::to_string(w);
        const float x = cells_left + w * cell_w - scroll_x;
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        draw->AddText(ImVec2(x + (cell_w - size.x) / 2, origin.y + (header_h - size.y) / 2),
                      ImGui::GetColorU32(ImGuiCol_TextDisabled), text.c_str());
    }
    draw->PopClipRect();
    draw->PushClipRect(ImVec2(origin.x, cells_top), ImVec2(cells_left, origin.y + view_size.y), true);
    for (int k = first_row; k <= last_row; ++k) {
        const float y = cells_top + k * cell_h - scroll_y;
        if (k == current)
            draw->AddRectFilled(ImVec2(origin.x, y), ImVec2(cells_left - 2, y + cell_h), theme::packed(theme::kCurrentStep));
        const std::string text = row_label(k, steps, trace.steps[k].tag);
        draw->AddText(ImVec2(origin.x + 6, y + (cell_h - ImGui::GetTextLineHeight()) / 2),
                      k == current ? theme::packed(theme::kTextOnDark) : ImGui::GetColorU32(ImGuiCol_Text),
                      text.c_str());
    }
    draw->PopClipRect();

    if (hover_row >= 0 && ImGui::IsWindowHovered()) {
        const TraceStep& step = trace.steps[hover_row];
        const StepAccesses& acc = loaded->index.steps[hover_row];
        ImGui::BeginTooltip();
        ImGui::Text("word %d, after step %d", hover_col, hover_row);
        if (step.shared.defined[hover_col])
            ImGui::Text("value %s", format_value(trace.config.type, step.shared.bits[hover_col], false).c_str());
        else
            ImGui::TextUnformatted("not written yet");
        if (acc.written[hover_col])
            ImGui::Text("written by thread %u (warp %u, lane %u)", acc.writer[hover_col], warp_of(acc.writer[hover_col]),
                        lane_of(acc.writer[hover_col]));
        if (acc.read[hover_col])
            ImGui::TextUnformatted("read in this step");
        ImGui::EndTooltip();
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
            state.set_step(hover_row);
    }
    ImGui::EndChild();
    ImGui::PopFont();
}

} // namespace prefixlab
