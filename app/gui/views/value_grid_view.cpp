#include "value_grid_view.hpp"

#include "../app_state.hpp"
#include "../theme.hpp"
#include "../widgets.hpp"
#include "core/format_value.hpp"
#include "core/trace/step_label.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace prefixlab {

namespace {

// "  7  iteration 3, offset 4: read partner": step numbers right-aligned so the labels line up.
std::string row_label(int step, int steps, const StepTag& tag) {
    const std::string number = std::to_string(step);
    const std::size_t width = std::to_string(std::max(0, steps - 1)).size();
    return std::string(width - std::min(width, number.size()), ' ') + number + "  " + step_label(tag);
}

theme::Rgb blend(theme::Rgb a, theme::Rgb b, float t) {
    const auto mix = [t](std::uint8_t x, std::uint8_t y) {
        return static_cast<std::uint8_t>(std::lround(x * (1 - t) + y * t));
    };
    return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

std::string format_error(double error) {
    if (error == 0)
        return "0";
    char text[32];
    std::snprintf(text, sizeof text, "%.1e", error);
    return text;
}

// The value of column `c` after step `k`, if defined.
bool cell_value(const Trace& trace, const ValueGridView::Column& c, int k, std::uint32_t& bits) {
    const Snapshot& snapshot = c.is_register ? trace.steps[k].registers : trace.steps[k].shared;
    if (!snapshot.defined[c.index])
        return false;
    bits = snapshot.bits[c.index];
    return true;
}

} // namespace

void ValueGridView::prepare(const LoadedTrace& loaded, const ViewContext& context) {
    const Trace& trace = loaded.trace;
    columns_.clear();
    registers_ = trace.config.records_registers ? trace.config.block_threads : 0;
    for (int t = 0; t < registers_; ++t)
        columns_.push_back({true, static_cast<std::uint32_t>(t)});
    for (std::uint32_t w = 0; w < trace.config.shared_words; ++w)
        columns_.push_back({false, w});
    extra_rows_ = trace.config.type == ElementType::float32 ? 2 : 1;

    // The widest value decides the cell width; measured once per trace, not per frame.
    std::size_t widest = 2;
    for (std::size_t k = 0; k < trace.steps.size(); ++k)
        for (const Column& c : columns_) {
            std::uint32_t bits = 0;
            if (cell_value(trace, c, static_cast<int>(k), bits))
                widest = std::max(widest, format_value(trace.config.type, bits).size());
        }
    for (std::uint32_t bits : trace.output)
        widest = std::max(widest, format_value(trace.config.type, bits).size());
    widest = std::max(widest, std::to_string(columns_.size()).size());
    cell_chars_ = static_cast<int>(std::min<std::size_t>(widest, 12));
    std::size_t label = 12;
    const int steps = static_cast<int>(trace.steps.size());
    for (int k = 0; k < steps; ++k)
        label = std::max(label, row_label(k, steps, trace.steps[k].tag).size());
    label_chars_ = static_cast<int>(std::min<std::size_t>(label, 48));
    prepared_for_ = &loaded;
    prepared_scale_ = context.ui_scale;
    built_step_ = -1;
    followed_step_ = -1;
}

// Cells in grid units: column c spans [c, c+1], step k's row [k, k+1], then the output rows.
void ValueGridView::rebuild_cells(const LoadedTrace& loaded, int step) {
    const Trace& trace = loaded.trace;
    const int steps = static_cast<int>(trace.steps.size());
    std::vector<QuadInstance> quads;
    quads.reserve(columns_.size() * (trace.steps.size() + 2));
    const auto add = [&](float c, float r, float inset, theme::Rgb colour) {
        quads.push_back({c + inset, r + inset, c + 1 - inset, r + 1 - inset, theme::packed(colour)});
    };
    constexpr float kGap = 0.04f, kOutline = 0.11f;
    for (int k = 0; k < steps; ++k) {
        const StepAccesses& acc = loaded.index.steps[k];
        const bool later = dim_future_ && k > step;
        const auto shade = [&](theme::Rgb c) { return later ? blend(c, theme::colours().background, 0.6f) : c; };
        // the shuffle sources read in this step
        std::vector<std::uint8_t> shuffled(registers_, 0);
        for (std::size_t a = acc.first_access; a < acc.end_access; ++a)
            if (trace.accesses[a].buffer == kShuffleSource && trace.accesses[a].word < shuffled.size())
                shuffled[trace.accesses[a].word] = 1;
        for (std::size_t i = 0; i < columns_.size(); ++i) {
            const Column& col = columns_[i];
            std::uint32_t bits = 0;
            const bool defined = cell_value(trace, col, k, bits);
            const bool written = col.is_register ? trace.steps[k].registers_taken[col.index] &&
                                                       !(is_register_source(trace.steps[k].register_sources[2 * col.index]) &&
                                                         trace.steps[k].register_sources[2 * col.index + 1] == kNoSource)
                                                 : acc.written[col.index] != 0;
            const bool read = col.is_register ? shuffled[col.index] != 0 : acc.read[col.index] != 0;
            const theme::Rgb fill = !defined ? theme::colours().cell_unwritten : written ? theme::colours().cell_written : theme::colours().cell_value;
            if (read) {
                add(static_cast<float>(i), static_cast<float>(k), kGap, shade(theme::colours().cell_read));
                add(static_cast<float>(i), static_cast<float>(k), kOutline, shade(fill));
            } else {
                add(static_cast<float>(i), static_cast<float>(k), kGap, shade(fill));
            }
        }
    }
    // output rows, under the column of the element's register or data word
    for (int e = 0; e < trace.config.n; ++e) {
        const float column = static_cast<float>(registers_ > 0 ? e : e); // element e: thread e or word e
        const bool wrong = trace.check.wrong.at(e) != 0;
        add(column, static_cast<float>(steps), kGap, wrong ? theme::colours().error : theme::colours().ok);
        if (extra_rows_ > 1)
            add(column, static_cast<float>(steps + 1), kGap, wrong ? theme::colours().error : theme::colours().cell_value);
    }
    cells_.set_quads(std::move(quads));
    built_step_ = step;
    built_dim_ = dim_future_;
}

void ValueGridView::draw(AppState& state, const ViewContext& context) {
    const LoadedTrace* loaded = state.trace();
    if (loaded == nullptr) {
        ImGui::TextDisabled(state.busy() ? "Tracing…" : "No trace yet: choose a kernel and N on the left.");
        return;
    }
    if (prepared_for_ != loaded || prepared_scale_ != context.ui_scale)
        prepare(*loaded, context);
    const Trace& trace = loaded->trace;
    const int current = state.step();
    if (built_step_ != current || built_dim_ != dim_future_)
        rebuild_cells(*loaded, current);

    draw_legend({{theme::colours().cell_written, "written in the step"},
                 {theme::colours().cell_read, "read in the step"},
                 {theme::colours().cell_value, "holds a value"},
                 {theme::colours().cell_unwritten, "not written yet"},
                 {theme::colours().error, "wrong output"}});
    ImGui::SameLine(0, 30 * context.ui_scale);
    ImGui::Checkbox("Dim later steps", &dim_future_);

    ImGui::PushFont(context.mono_font);
    const float char_w = ImGui::CalcTextSize("0").x;
    const float cell_w = std::ceil(char_w * (cell_chars_ + 1.2f));
    const float cell_h = std::ceil(ImGui::GetTextLineHeight() * 1.45f);
    const float label_w = std::ceil(char_w * (label_chars_ + 1.5f));
    const float header_h = cell_h * (registers_ > 0 ? 2 : 1);
    const int columns = static_cast<int>(columns_.size());
    const int steps = static_cast<int>(trace.steps.size());
    const int rows = steps + extra_rows_;

    ImGui::BeginChild("value-grid", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    // Follow the current step: scroll its row into view when it changes.
    if (current != followed_step_) {
        const float row_top = current * cell_h;
        const float visible = ImGui::GetWindowHeight() - header_h - ImGui::GetStyle().ScrollbarSize;
        if (row_top < ImGui::GetScrollY() || row_top + cell_h > ImGui::GetScrollY() + visible)
            ImGui::SetScrollY(std::max(0.0f, row_top - visible / 2));
        followed_step_ = current;
    }
    ImGui::Dummy(ImVec2(label_w + columns * cell_w, header_h + rows * cell_h));

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetWindowPos();
    const ImVec2 view_size = ImGui::GetWindowSize();
    const float scroll_x = ImGui::GetScrollX(), scroll_y = ImGui::GetScrollY();
    const float cells_left = origin.x + label_w, cells_top = origin.y + header_h;
    const float area_w = std::max(1.0f, view_size.x - label_w - ImGui::GetStyle().ScrollbarSize);
    const float area_h = std::max(1.0f, view_size.y - header_h - ImGui::GetStyle().ScrollbarSize);

    const ShapeTransform transform{cells_left - scroll_x, cells_top - scroll_y, cell_w, cell_h, 0};
    const std::string key = std::to_string(reinterpret_cast<std::uintptr_t>(loaded)) + "|" + std::to_string(current) +
                            "|" + std::to_string(dim_future_) + "|" + std::to_string(scroll_x) + "|" +
                            std::to_string(scroll_y) + "|" + std::to_string(cell_w) + "|" + std::to_string(cell_h);
    cache_.draw(draw, cells_left, cells_top, area_w, area_h, key, {&cells_}, transform, theme::packed(theme::colours().background));

    // Visible ranges only, for text.
    const int first_col = std::max(0, static_cast<int>(scroll_x / cell_w));
    const int last_col = std::min(columns - 1, static_cast<int>((scroll_x + area_w) / cell_w));
    const int first_row = std::max(0, static_cast<int>(scroll_y / cell_h));
    const int last_row = std::min(rows - 1, static_cast<int>((scroll_y + area_h) / cell_h));
    const ImVec2 mouse = ImGui::GetMousePos();
    int hover_row = -1, hover_col = -1;

    draw->PushClipRect(ImVec2(cells_left, cells_top), ImVec2(cells_left + area_w, cells_top + area_h), true);
    for (int r = first_row; r <= last_row; ++r) {
        const float y = cells_top + r * cell_h - scroll_y;
        const bool later = dim_future_ && r > current && r < steps;
        for (int c = first_col; c <= last_col; ++c) {
            const float x = cells_left + c * cell_w - scroll_x;
            if (mouse.x >= x && mouse.x < x + cell_w && mouse.y >= y && mouse.y < y + cell_h)
                hover_row = r, hover_col = c;
            std::string text;
            bool dark_text = false;
            if (r < steps) {
                std::uint32_t bits = 0;
                if (!cell_value(trace, columns_[c], r, bits))
                    continue;
                text = format_value(trace.config.type, bits);
                dark_text = !columns_[c].is_register ? loaded->index.steps[r].written[columns_[c].index] != 0 : false;
            } else if (c < trace.config.n) {
                text = r == steps ? format_value(trace.config.type, trace.output[c]) : format_error(trace.check.error[c]);
            } else {
                continue;
            }
            const ImVec2 size = ImGui::CalcTextSize(text.c_str());
            theme::Rgb ink = theme::ink_on(dark_text ? theme::colours().cell_written : theme::colours().cell_value);
            if (later)
                ink = blend(ink, theme::colours().background, 0.5f);
            draw->AddText(ImVec2(x + (cell_w - size.x) / 2, y + (cell_h - size.y) / 2), theme::packed(ink), text.c_str());
        }
    }
    // The current step's band.
    const float band_y = cells_top + current * cell_h - scroll_y;
    draw->AddRect(ImVec2(cells_left - scroll_x, band_y), ImVec2(cells_left + columns * cell_w - scroll_x, band_y + cell_h),
                  theme::packed(theme::colours().current_step), 0, 0, 3.0f * context.ui_scale);
    draw->PopClipRect();

    // Sticky header (column names) and row labels, over the scrolled cells.
    draw->PushClipRect(ImVec2(cells_left, origin.y), ImVec2(origin.x + view_size.x, cells_top), true);
    if (registers_ > 0) {
        const float split = cells_left + registers_ * cell_w - scroll_x;
        draw->AddText(ImVec2(std::max(cells_left, cells_left - scroll_x) + 4, origin.y + 2),
                      ImGui::GetColorU32(ImGuiCol_Text), "registers (one per thread)");
        draw->AddText(ImVec2(std::max(cells_left, split) + 4, origin.y + 2), ImGui::GetColorU32(ImGuiCol_Text),
                      "shared memory (words)");
    }
    for (int c = first_col; c <= last_col; ++c) {
        const std::string text = std::to_string(columns_[c].index);
        const float x = cells_left + c * cell_w - scroll_x;
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        draw->AddText(ImVec2(x + (cell_w - size.x) / 2, cells_top - cell_h + (cell_h - size.y) / 2),
                      ImGui::GetColorU32(ImGuiCol_TextDisabled), text.c_str());
    }
    draw->PopClipRect();
    draw->PushClipRect(ImVec2(origin.x, cells_top), ImVec2(cells_left, cells_top + area_h), true);
    for (int r = first_row; r <= last_row; ++r) {
        const float y = cells_top + r * cell_h - scroll_y;
        if (r == current)
            draw->AddRectFilled(ImVec2(origin.x, y), ImVec2(cells_left - 2, y + cell_h), theme::packed(theme::colours().current_step));
        const std::string text = r < steps ? row_label(r, steps, trace.steps[r].tag)
                                           : (r == steps ? std::string(" output") : std::string(" error vs double"));
        draw->AddText(ImVec2(origin.x + 6, y + (cell_h - ImGui::GetTextLineHeight()) / 2),
                      r == current ? theme::packed(theme::ink_on(theme::colours().current_step)) : ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
    }
    draw->PopClipRect();

    if (hover_row >= 0 && ImGui::IsWindowHovered()) {
        ImGui::BeginTooltip();
        if (hover_row < steps) {
            const Column& col = columns_[hover_col];
            const StepAccesses& acc = loaded->index.steps[hover_row];
            ImGui::Text("%s %u, after step %d", col.is_register ? "thread" : "word", col.index, hover_row);
            std::uint32_t bits = 0;
            if (cell_value(trace, col, hover_row, bits))
                ImGui::Text("value %s", format_value(trace.config.type, bits, false).c_str());
            else
                ImGui::TextUnformatted("not written yet");
            if (!col.is_register && acc.written[col.index])
                ImGui::Text("written by thread %u (warp %u, lane %u)", acc.writer[col.index], warp_of(acc.writer[col.index]),
                            lane_of(acc.writer[col.index]));
            if (!col.is_register && acc.read[col.index])
                ImGui::TextUnformatted("read in this step");
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
                state.set_step(hover_row);
        } else if (hover_col < trace.config.n) {
            const OutputCheck& check = trace.check;
            ImGui::Text("output[%d] = %s", hover_col, format_value(trace.config.type, trace.output[hover_col], false).c_str());
            ImGui::Text("serial scan: %s", format_value(trace.config.type, check.reference[hover_col], false).c_str());
            if (trace.config.type == ElementType::float32)
                ImGui::Text("double-precision scan: %.9g, error %.3g (allowed %.3g)", check.exact[hover_col],
                            check.error[hover_col], check.bound[hover_col]);
            if (check.wrong[hover_col])
                ImGui::TextColored(ImVec4(0.84f, 0.37f, 0.0f, 1), "wrong: not the scan of the input");
        }
        ImGui::EndTooltip();
    }
    ImGui::EndChild();
    ImGui::PopFont();
}

} // namespace prefixlab
