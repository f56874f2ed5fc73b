// The Values table's text and the live (uncached) parts: cell values, the global rows, the headers, the
// row labels and the tooltips. Only what is visible is drawn, each inside its own clip rectangle, and
// a text is drawn only where it fits whole (a value wider than its zoomed cell leaves the colour).
#include "gui/features/values/value_table_text.hpp"

#include "core/analysis/sort_bits.hpp"
#include "core/ground/format_value.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/step_label.hpp"
#include "gui/app_state.hpp"
#include "gui/features/values/value_table_view.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <imgui.h>

namespace prefixlab {

namespace {

std::string format_error(double error) {
    if (error == 0)
        return "0";
    char text[32];
    std::snprintf(text, sizeof text, "%.1e", error);
    return text;
}

// Room a text leaves inside its cell: a third of a digit each side.
float padding() {
    return ImGui::CalcTextSize("0").x / 3;
}

// Draws `text` centred in [x0, x1] × [y0, y1] if it fits whole; says whether it did.
bool centred_text(ImDrawList* list, float x0, float x1, float y0, float y1, const std::string& text,
                  std::uint32_t colour) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    if (size.x > x1 - x0 - 2 * padding() || size.y > y1 - y0 + 1)
        return false;
    list->AddText(ImVec2(std::round((x0 + x1 - size.x) / 2), std::round((y0 + y1 - size.y) / 2)), colour,
                  text.c_str());
    return true;
}

// A radix sort's key in binary ("1011"), centred like any value, the digits of the row's pass (bit b of
// the 1-bit sort's pass b, 4 bits of the 4-bit sort's) underlined: marked by shape, so it reads on every
// fill in both themes.
void key_bits_text(ImDrawList* list, float x0, float x1, float y0, float y1, const std::string& digits,
                   const std::optional<SortPassBits>& pass, std::uint32_t colour) {
    const ImVec2 size = ImGui::CalcTextSize(digits.c_str());
    if (size.x > x1 - x0 - 2 * padding() || size.y > y1 - y0 + 1)
        return;
    const ImVec2 at(std::round((x0 + x1 - size.x) / 2), std::round((y0 + y1 - size.y) / 2));
    list->AddText(at, colour, digits.c_str());
    const int width = static_cast<int>(digits.size());
    const float thick = std::max(2.0f, std::round(ImGui::GetFontSize() / 8));
    const float y = std::min(at.y + size.y, y1 - thick);
    for (int digit = 0; digit < width; ++digit) {
        if (!sorts_by(pass, width - 1 - digit))
            continue;
        const float left = at.x + ImGui::CalcTextSize(digits.c_str(), digits.c_str() + digit).x;
        const float right = at.x + ImGui::CalcTextSize(digits.c_str(), digits.c_str() + digit + 1).x;
        list->AddRectFilled(ImVec2(left, y - thick), ImVec2(right, y), colour);
    }
}

// A cell of a global row, drawn live with the same insets as the cached step cells.
void draw_cell(ImDrawList* list, float x, float y, float w, float h, const CellLook& look) {
    static std::vector<QuadInstance> quads; // reused: up to 2 × N cells a frame when zoomed out
    quads.clear();
    add_cell_quads(quads, 0, 0, look, w < kSolidBelowPixels);
    for (const QuadInstance& q : quads)
        list->AddRectFilled(ImVec2(x + q.x0 * w, y + q.y0 * h), ImVec2(x + q.x1 * w, y + q.y1 * h), q.rgba);
}

// Whether the cells hold the widest value: all values show or none, so a zoomed-out row does not
// show its short values only (and when none show, none is formatted: trying 1024 columns × the
// visible rows cost 19.7 ms a frame at 2×).
bool room_for_text(const ValueTableLayout& l, int widest_chars) {
    return l.cell_w >= ImGui::CalcTextSize("0").x * widest_chars + 2 * padding();
}

std::uint32_t text_colour() {
    return ImGui::GetColorU32(ImGuiCol_Text);
}
std::uint32_t quiet_colour() {
    return ImGui::GetColorU32(ImGuiCol_TextDisabled);
}

// Labels along a header row every `stride` columns, the stride the smallest power of two at which the
// widest label fits.
template <class LabelOf>
void draw_strided_labels(ImDrawList* list, const ValueTableLayout& l, float sx, std::pair<int, int> visible,
                         float y, const std::string& widest, LabelOf label_of) {
    const float need = ImGui::CalcTextSize(widest.c_str()).x + 2 * padding();
    int stride = 1;
    while (stride * l.cell_w < need && stride < (1 << 20))
        stride *= 2;
    for (int c = visible.first - visible.first % stride; c <= visible.second; c += stride) {
        const std::string text = label_of(c);
        if (text.empty())
            continue;
        const float x = l.column_x(c, sx);
        if (stride == 1) {
            centred_text(list, x, x + l.cell_w, y, y + l.header_row_h, text, quiet_colour());
        } else {
            // a tick at the column's left edge, the label right of it
            list->AddLine(ImVec2(x, y + l.header_row_h * 0.2f), ImVec2(x, y + l.header_row_h),
                          quiet_colour());
            list->AddText(ImVec2(x + padding(), y + (l.header_row_h - ImGui::GetTextLineHeight()) / 2),
                          quiet_colour(), text.c_str());
        }
    }
}

// The longest of `choices` that fits in `width`, or "".
const char* longest_fitting(std::initializer_list<const char*> choices, float width) {
    for (const char* choice : choices)
        if (ImGui::CalcTextSize(choice).x <= width)
            return choice;
    return "";
}

// "t17", "warp 3" (appended rather than `"t" + std::to_string(n)`, which GCC 12 warns about, a
// false -Wrestrict).
std::string prefixed(const char* prefix, std::uint32_t number) {
    std::string text = prefix;
    text += std::to_string(number);
    return text;
}

int warp_of_column(const ValueTableColumn& c) {
    return c.owner == kNoOwner ? -1 : static_cast<int>(warp_of(c.owner));
}

} // namespace

std::string table_caption(TableCaption caption, const ValueTableModel& model, bool compact) {
    const bool all_registers = model.registers == static_cast<int>(model.columns.size());
    switch (caption) {
    case TableCaption::warps:
        return "warp";
    case TableCaption::indices:
        return compact ? "#" : all_registers ? "thread" : model.registers > 0 ? "thread / word" : "word";
    case TableCaption::threads:
        return compact ? "thr" : "loaded by";
    case TableCaption::input:
        return compact ? "in" : "input";
    case TableCaption::output:
        return compact ? "out" : "output";
    case TableCaption::error:
        return compact ? "err" : "error vs double";
    }
    return "";
}

std::string step_row_label(int step, int steps, const StepTag& tag) {
    const std::string number = std::to_string(step);
    const std::size_t width = std::to_string(std::max(0, steps - 1)).size();
    return std::string(width - std::min(width, number.size()), ' ') + number + "  " + step_label(tag);
}

void ValueTableView::draw_cell_text(ImDrawList* list, const ValueTableLayout& l, const TableShowing& showing,
                                    float sx) const {
    if (l.steps_h() <= 0)
        return;
    const Trace& trace = loaded_->trace;
    const auto [first_col, last_col] = visible_columns(l, sx);
    const int first_row = l.first_visible_step(), last_row = l.last_visible_step();
    list->PushClipRect(ImVec2(l.cells_x0, l.steps_y0), ImVec2(l.x1, l.steps_y1), true);
    const bool text = room_for_text(l, cell_chars_);
    for (int r = first_row; text && r <= last_row; ++r) {
        const float y = l.step_y(r);
        const std::optional<SortPassBits> pass = sort_bits_ > 0 ? sort_pass_of_step(trace, r) : std::nullopt;
        for (int c = first_col; c <= last_col; ++c) {
            const CellLook look = step_cell_look(*loaded_, model_, c, r, showing);
            std::uint32_t bits = 0;
            if (look.hidden || !table_cell_value(trace, model_.columns[c], r, bits))
                continue;
            const float x = l.column_x(c, sx);
            const ValueTableColumn& column = model_.columns[c];
            if (sort_bits_ > 0 && !column.is_register && is_sort_key_word(trace, column.index))
                key_bits_text(list, x, x + l.cell_w, y, y + l.cell_h,
                              key_in_binary(trace.config.type, bits, sort_bits_), pass, theme::packed(look.ink));
            else
                centred_text(list, x, x + l.cell_w, y, y + l.cell_h, format_element(trace.config.algorithm, trace.config.type, bits),
                             theme::packed(look.ink));
        }
    }
    // The current step's frame.
    const float y = l.step_y(showing.current);
    list->AddRect(ImVec2(l.column_x(0, sx), y), ImVec2(l.column_x(l.columns, sx), y + l.cell_h),
                  theme::packed(theme::colours().current_step), 0, 0,
                  std::max(2.0f, std::round(ImGui::GetFontSize() / 6)));
    list->PopClipRect();
}

void ValueTableView::draw_global_rows(ImDrawList* list, const ValueTableLayout& l,
                                      const TableShowing& showing, float sx) const {
    const Trace& trace = loaded_->trace;
    const auto [first_col, last_col] = visible_columns(l, sx);
    list->PushClipRect(ImVec2(l.cells_x0, l.input_y0), ImVec2(l.x1, l.output_y1), true);
    for (int e = 0; e < trace.config.n; ++e) {
        const int c = static_cast<int>(model_.element_column[e]);
        if (c < first_col || c > last_col)
            continue;
        const float x = l.column_x(c, sx);
        const CellLook in = input_cell_look(model_, e, showing);
        draw_cell(list, x, l.input_y0, l.cell_w, l.cell_h, in);
        if (room_for_text(l, cell_chars_))
            centred_text(list, x, x + l.cell_w, l.input_y0, l.input_y1,
                         format_element(trace.config.algorithm, trace.config.type, trace.input[e]), theme::packed(in.ink));
        for (int row = 0; row < l.extra_rows; ++row) {
            const CellLook out = output_cell_look(trace, model_, e, row == 1, showing);
            if (out.hidden)
                continue;
            const float y = l.output_y0 + row * l.cell_h;
            draw_cell(list, x, y, l.cell_w, l.cell_h, out);
            if (!room_for_text(l, cell_chars_))
                continue;
            const std::string text = row == 0 ? format_result(trace.config.algorithm, trace.config.type, trace.output[e])
                                              : format_error(trace.check.error[e]);
            centred_text(list, x, x + l.cell_w, y, y + l.cell_h, text, theme::packed(out.ink));
        }
    }
    draw_segment_heads(list, l, sx);
    list->PopClipRect();
}

// A segmented scan's heads (kernels/common/segmented_pairs.hpp): a bar at the left of each head's input and
// output cells, where its segment starts, legible where the cells are too narrow for the "|7" of their text.
void ValueTableView::draw_segment_heads(ImDrawList* list, const ValueTableLayout& l, float sx) const {
    const Trace& trace = loaded_->trace;
    if (!takes_head_flags(trace.config.algorithm))
        return;
    const auto [first_col, last_col] = visible_columns(l, sx);
    const float width = std::max(3.0f, std::round(ImGui::GetFontSize() / 5));
    for (int e = 0; e < trace.config.n; ++e) {
        const int c = static_cast<int>(model_.element_column[e]);
        if (c < first_col || c > last_col || !starts_segment(trace.config.algorithm, trace.input[e]))
            continue;
        const float x = l.column_x(c, sx);
        const ImU32 ink = theme::packed(theme::colours().text);
        list->AddRectFilled(ImVec2(x, l.input_y0), ImVec2(x + width, l.input_y1), ink);
        list->AddRectFilled(ImVec2(x, l.output_y0), ImVec2(x + width, l.output_y1), ink);
    }
}

void ValueTableView::draw_headers(ImDrawList* list, const ValueTableLayout& l, float sx, int step) const {
    const std::pair<int, int> visible = visible_columns(l, sx);
    const float pad = padding();
    int row = 0;
    list->PushClipRect(ImVec2(l.cells_x0, l.header_y0), ImVec2(l.x1, l.header_y1), true);
    if (l.group_row) {
        // Registers, then shared words: each group's title at the left of its visible part.
        const int bounds[3] = {0, model_.registers, l.columns};
        for (int g = 0; g < 2; ++g) {
            const float x0 = std::max(l.cells_x0, l.column_x(bounds[g], sx)) + pad;
            const float x1 = std::min(l.x1, l.column_x(bounds[g + 1], sx)) - pad;
            const char* title =
                g == 0 ? longest_fitting({"registers (one per thread)", "registers"}, x1 - x0)
                       : longest_fitting({"shared memory (words)", "shared memory", "shared"}, x1 - x0);
            list->AddText(ImVec2(x0, l.header_row_y(row) + (l.header_row_h - ImGui::GetTextLineHeight()) / 2),
                          text_colour(), title);
        }
        ++row;
    }
    // Warps: runs of columns whose owners share a warp, within a group, bracketed and named.
    for (int c = visible.first; c <= visible.second;) {
        const int warp = warp_of_column(model_.columns[c]);
        int start = c, end = c + 1;
        const auto same = [&](int other) {
            return warp_of_column(model_.columns[other]) == warp &&
                   model_.columns[other].is_register == model_.columns[c].is_register;
        };
        while (start > 0 && same(start - 1))
            --start;
        while (end < l.columns && same(end))
            ++end;
        if (warp >= 0) {
            const float y = l.header_row_y(row);
            const float x0 = l.column_x(start, sx) + pad, x1 = l.column_x(end, sx) - pad;
            list->AddLine(ImVec2(x0, y + l.header_row_h - 2), ImVec2(x1, y + l.header_row_h - 2),
                          quiet_colour(), std::max(1.0f, std::round(ImGui::GetFontSize() / 12)));
            const float v0 = std::max(x0, l.cells_x0 + pad), v1 = std::min(x1, l.x1 - pad);
            const std::string name = prefixed("warp ", warp), short_name = prefixed("w", warp);
            if (!centred_text(list, v0, v1, y, y + l.header_row_h - 2, name, text_colour()))
                centred_text(list, v0, v1, y, y + l.header_row_h - 2, short_name, text_colour());
        }
        c = end;
    }
    ++row;
    const auto& columns = model_.columns;
    std::uint32_t max_index = 0, max_owner = 0;
    for (const ValueTableColumn& c : columns) {
        max_index = std::max(max_index, c.index);
        max_owner = std::max(max_owner, c.owner == kNoOwner ? 0u : c.owner);
    }
    draw_strided_labels(list, l, sx, visible, l.header_row_y(row), std::to_string(max_index),
                        [&](int c) { return std::to_string(columns[c].index); });
    ++row;
    if (l.thread_row) {
        draw_strided_labels(list, l, sx, visible, l.header_row_y(row), prefixed("t", max_owner), [&](int c) {
            return columns[c].owner == kNoOwner ? std::string() : prefixed("t", columns[c].owner);
        });
        ++row;
    }
    // The active-thread mask: under the last header row, a bar under each column whose thread read or
    // wrote in the current step (the threads-at-work colour the Dataflow diagram uses).
    if (step >= 0 && static_cast<std::size_t>(step) < model_.active_threads.size()) {
        const std::vector<std::uint8_t>& active = model_.active_threads[step];
        const float bar = std::max(2.0f, std::round(ImGui::GetFontSize() / 8));
        const float y1 = l.header_row_y(row) - 1, y0 = y1 - bar;
        for (int c = visible.first; c <= visible.second; ++c) {
            const std::uint32_t owner = columns[c].owner;
            if (owner != kNoOwner && owner < active.size() && active[owner] != 0)
                list->AddRectFilled(ImVec2(l.column_x(c, sx) + pad, y0), ImVec2(l.column_x(c + 1, sx) - pad, y1),
                                    theme::packed(theme::colours().active_threads));
        }
    }
    list->PopClipRect();

    // The line between registers and shared words, through every row.
    if (l.group_row) {
        list->PushClipRect(ImVec2(l.cells_x0, l.header_y0), ImVec2(l.x1, l.output_y1), true);
        const float x = l.column_x(model_.registers, sx);
        list->AddLine(ImVec2(x, l.header_y0), ImVec2(x, l.output_y1), text_colour(),
                      std::max(1.0f, std::round(ImGui::GetFontSize() / 8)));
        list->PopClipRect();
    }

    // Captions of the header rows, in the label column.
    list->PushClipRect(ImVec2(l.x0, l.header_y0), ImVec2(l.cells_x0, l.header_y1), true);
    const TableCaption captions[] = {TableCaption::warps, TableCaption::indices, TableCaption::threads};
    const int first_row = l.group_row ? 1 : 0;
    for (int i = 0; i < (l.thread_row ? 3 : 2); ++i) {
        const std::string text = table_caption(captions[i], model_, l.compact_labels);
        if (ImGui::CalcTextSize(text.c_str()).x <= l.label_w - 2 * pad)
            list->AddText(ImVec2(l.x0 + pad, l.header_row_y(first_row + i) +
                                                 (l.header_row_h - ImGui::GetTextLineHeight()) / 2),
                          quiet_colour(), text.c_str());
    }
    list->PopClipRect();
}

void ValueTableView::draw_row_labels(ImDrawList* list, const ValueTableLayout& l,
                                     const TableShowing& showing) const {
    const float pad = padding(), text_h = ImGui::GetTextLineHeight();
    const std::size_t digits = std::to_string(std::max(0, l.steps - 1)).size();
    list->PushClipRect(ImVec2(l.x0, l.steps_y0), ImVec2(l.cells_x0, l.steps_y1), true);
    const int first_row = l.first_visible_step(), last_row = l.last_visible_step();
    for (int r = first_row; r <= last_row; ++r) {
        if (showing.hides(r))
            continue;
        const float y = l.step_y(r);
        std::uint32_t colour = showing.dims(r) ? quiet_colour() : text_colour();
        if (r == showing.current) {
            list->AddRectFilled(ImVec2(l.x0, y), ImVec2(l.cells_x0 - pad, y + l.cell_h),
                                theme::packed(theme::colours().current_step));
            colour = theme::packed(theme::ink_on(theme::colours().current_step));
        }
        const std::string text = l.compact_labels ? row_labels_[r].substr(0, digits) : row_labels_[r];
        list->AddText(ImVec2(l.x0 + pad, y + (l.cell_h - text_h) / 2), colour, text.c_str());
    }
    list->PopClipRect();

    list->PushClipRect(ImVec2(l.x0, l.input_y0), ImVec2(l.cells_x0, l.output_y1), true);
    const auto caption = [&](TableCaption which, float y) {
        const std::string text = table_caption(which, model_, l.compact_labels);
        list->AddText(ImVec2(l.x0 + pad, y + (l.cell_h - text_h) / 2), text_colour(), text.c_str());
    };
    caption(TableCaption::input, l.input_y0);
    caption(TableCaption::output, l.output_y0);
    if (l.extra_rows > 1)
        caption(TableCaption::error, l.output_y0 + l.cell_h);
    list->PopClipRect();
}

void ValueTableView::draw_tooltip(AppState& state, const ValueTableLayout& l, const TableShowing& showing,
                                  float sx) const {
    const ImVec2 m = ImGui::GetMousePos();
    if (!ImGui::IsWindowHovered() || m.x < l.cells_x0 || m.x >= l.x1 || m.y < l.y0 || m.y >= l.y1)
        return;
    const int c = static_cast<int>((m.x - l.cells_x0 + sx) / l.cell_w);
    if (c < 0 || c >= l.columns)
        return;
    const Trace& trace = loaded_->trace;
    const ValueTableColumn& col = model_.columns[c];
    const int e = column_element_[c];
    const auto owner = [&] {
        if (col.owner != kNoOwner)
            ImGui::Text("owned by thread %u (warp %u, lane %u)", col.owner, warp_of(col.owner),
                        lane_of(col.owner));
    };
    if (m.y >= l.header_y0 && m.y < l.header_y1) {
        begin_tooltip();
        ImGui::Text("%s %u", col.is_register ? "register of thread" : "shared word", col.index);
        owner();
        end_tooltip();
    } else if (m.y >= l.steps_y0 && m.y < l.steps_y1) {
        const int r = static_cast<int>(std::floor((m.y - l.steps_origin_y) / l.cell_h));
        if (r < 0 || r >= l.steps || showing.hides(r))
            return;
        const StepAccesses& acc = loaded_->index.steps[r];
        begin_tooltip();
        ImGui::Text("%s %u, after step %d", col.is_register ? "thread" : "word", col.index, r);
        std::uint32_t bits = 0;
        if (table_cell_value(trace, col, r, bits)) {
            ImGui::Text("value %s", format_element(trace.config.algorithm, trace.config.type, bits, false).c_str());
            if (sort_bits_ > 0 && !col.is_register && is_sort_key_word(trace, col.index)) {
                const std::string digits = key_in_binary(trace.config.type, bits, sort_bits_);
                if (const std::optional<SortPassBits> pass = sort_pass_of_step(trace, r); pass && pass->count == 1)
                    ImGui::Text("key bits %s: bit %d is %c", digits.c_str(), pass->first,
                                digits[digits.size() - 1 - static_cast<std::size_t>(pass->first)]);
                else if (pass)
                    ImGui::Text("key bits %s: this pass sorts by bits %d to %d", digits.c_str(), pass->first,
                                pass->first + pass->count - 1);
                else
                    ImGui::Text("key bits %s", digits.c_str());
            }
        } else
            ImGui::TextUnformatted("not written yet");
        if (!col.is_register && acc.written[col.index])
            ImGui::Text("written by thread %u (warp %u, lane %u)", acc.writer[col.index],
                        warp_of(acc.writer[col.index]), lane_of(acc.writer[col.index]));
        if (!col.is_register && acc.read[col.index])
            ImGui::TextUnformatted("read in this step");
        if (cell_differs(c, r))
            ImGui::TextUnformatted("differs from the other side's value at its step");
        owner();
        end_tooltip();
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
            go_to_shown_step(state, shown_, r);
    } else if (e >= 0 && m.y >= l.input_y0 && m.y < l.input_y1) {
        begin_tooltip();
        ImGui::Text("input[%d] = %s (global memory)", e,
                    format_element(trace.config.algorithm, trace.config.type, trace.input[e], false).c_str());
        if (model_.input_read[showing.current][e])
            ImGui::Text("read in step %d", showing.current);
        if (keeps_elements(trace.config.algorithm))
            ImGui::Text("%s (keep where %s)",
                        kept_bits(trace.config.type, trace.config.keep, trace.input[e]) ? "kept" : "not kept",
                        condition_of(trace.config.keep).c_str());
        end_tooltip();
    } else if (e >= 0 && m.y >= l.output_y0 && m.y < l.output_y1 &&
               !output_cell_look(trace, model_, e, false, showing).hidden) {
        const OutputCheck& check = trace.check;
        begin_tooltip();
        ImGui::Text("output[%d] = %s (global memory)", e,
                    format_element(trace.config.algorithm, trace.config.type, trace.output[e], false).c_str());
        if (model_.output_written_at[e] >= 0)
            ImGui::Text("written in step %d", model_.output_written_at[e]);
        if (keeps_elements(trace.config.algorithm))
            ImGui::Text("std::%s, keep where %s: %s",
                        kind_of(trace.config.algorithm) == KernelKind::split ? "stable_partition" : "copy_if",
                        condition_of(trace.config.keep).c_str(),
                        check.reference[e] == kUnwrittenPattern
                            ? "nothing"
                            : format_element(trace.config.algorithm, trace.config.type, check.reference[e], false).c_str());
        else
            ImGui::Text("serial scan: %s", format_element(trace.config.algorithm, trace.config.type, check.reference[e], false).c_str());
        if (trace.config.type == ElementType::float32)
            ImGui::Text("double-precision scan: %.9g, error %.3g (allowed %.3g)", check.exact[e],
                        check.error[e], check.bound[e]);
        if (check.wrong[e])
            ImGui::TextColored(text_colour(theme::colours().error),
                               "wrong: not the scan of the input");
        end_tooltip();
    }
}

} // namespace prefixlab
