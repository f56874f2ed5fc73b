#include "gui/views/source_view.hpp"

#include "core/analysis/step_source.hpp"
#include "core/source/kernel_source.hpp"
#include "gui/app_state.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {

// A token's colour, made to read on the line's background (the step's lines are shaded: the dark
// theme's comment grey read at 4.4:1 there).
ImU32 colour_of(CodeToken kind, theme::Rgb under) {
    const theme::Palette& c = theme::colours();
    const auto on = [under](theme::Rgb colour) { return theme::packed(theme::readable_on(colour, under)); };
    switch (kind) {
    case CodeToken::keyword:
        return on(c.code_keyword);
    case CodeToken::comment:
        return on(c.code_comment);
    case CodeToken::literal:
        return on(c.code_literal);
    case CodeToken::preprocessor:
        return on(c.code_preprocessor);
    case CodeToken::plain:
        break;
    }
    return on(c.text);
}

} // namespace

void SourceView::load(std::string_view path) {
    path_ = path;
    lines_.clear();
    const std::string_view text = kernel_source_text(path);
    bool in_block_comment = false;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        Line line{text.substr(at, end - at), {}};
        line.spans = code_spans(line.text, in_block_comment);
        lines_.push_back(std::move(line));
        at = end + 1;
    }
}

void SourceView::draw(AppState& state, const ViewContext& context) {
    const LoadedTrace* loaded = state.block.trace();
    if (loaded == nullptr || loaded->trace.steps.empty()) {
        ImGui::TextDisabled("No trace yet: the kernel's source shows here once one is traced or opened.");
        return;
    }
    const int step = std::clamp(state.block.step(), 0, static_cast<int>(loaded->trace.steps.size()) - 1);
    const StepSourceLines marked = step_source_lines(loaded->trace, static_cast<std::size_t>(step));
    if (marked.path != path_)
        load(marked.path);
    ImGui::TextUnformatted(std::string(marked.path).c_str());
    if (lines_.empty()) {
        ImGui::TextDisabled("This file is not embedded in this PrefixLab.");
        return;
    }

    if (ImGui::BeginChild("##source-lines", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar)) {
        if (context.mono_font != nullptr)
            ImGui::PushFont(context.mono_font);
        // Rows touch: the clipper steps by exactly one line, and the step's band has no gaps.
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
        // A row a fifth taller than the font, the text centred in it: the step's band then covers the
        // underscores below the baseline (at the font's height they fell under it, white on white).
        const float line_h = std::ceil(ImGui::GetTextLineHeight() * 1.2f);
        const float text_dy = std::floor((line_h - ImGui::GetTextLineHeight()) / 2);
        const std::string widest = std::to_string(lines_.size());
        const float number_w = ImGui::CalcTextSize(widest.c_str()).x + ImGui::GetFontSize();
        const float char_w = ImGui::CalcTextSize("M").x;
        std::size_t longest = 0;
        for (const Line& line : lines_)
            longest = std::max(longest, line.text.size());
        const float row_w =
            std::max(ImGui::GetContentRegionAvail().x, number_w + char_w * float(longest + 1));
        const theme::Palette& c = theme::colours();
        ImDrawList* draw = ImGui::GetWindowDrawList();

        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(lines_.size()), line_h);
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const int number = i + 1;
                const ImVec2 at = ImGui::GetCursorScreenPos();
                ImGui::PushID(i);
                if (ImGui::InvisibleButton("##line", ImVec2(row_w, line_h))) {
                    if (const auto found = first_step_at_line(loaded->trace, marked.path, number))
                        state.block.set_step(static_cast<int>(*found));
                }
                const bool hovered = ImGui::IsItemHovered();
                ImGui::PopID();
                const ImVec2 end(at.x + row_w, at.y + line_h);
                const bool in_step = number >= marked.first && number <= marked.last;
                if (number == marked.sync_line)
                    draw->AddRectFilled(at, end, theme::packed(c.current_step));
                else if (in_step)
                    draw->AddRectFilled(at, end, theme::packed(c.code_step_lines));
                else if (hovered)
                    draw->AddRectFilled(at, end, theme::packed(c.code_step_lines, 110));
                const bool on_blue = number == marked.sync_line;
                const theme::Rgb under = in_step ? c.code_step_lines : c.background;
                const ImU32 ink_on_blue = theme::packed(theme::ink_on(c.current_step));
                const std::string label = std::to_string(number);
                const float label_w = ImGui::CalcTextSize(label.c_str()).x;
                draw->AddText(ImVec2(at.x + number_w - ImGui::GetFontSize() * 0.5f - label_w, at.y + text_dy),
                              on_blue ? ink_on_blue : colour_of(CodeToken::comment, under), label.c_str());
                const Line& line = lines_[static_cast<std::size_t>(i)];
                float x = at.x + number_w;
                for (const CodeSpan& span : line.spans) {
                    const std::string_view piece = line.text.substr(span.begin, span.end - span.begin);
                    draw->AddText(ImVec2(x, at.y + text_dy),
                                  on_blue ? ink_on_blue : colour_of(span.kind, under), piece.data(),
                                  piece.data() + piece.size());
                    x += ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
                }
            }
        // Scrolls the sync line to the middle when the step (or the trace) changes, not while a
        // lecturer scrolls the file by hand.
        if (scrolled_for_trace_ != loaded || scrolled_for_step_ != step) {
            scrolled_for_trace_ = loaded;
            scrolled_for_step_ = step;
            const float target = (marked.sync_line - 1) * line_h - ImGui::GetWindowHeight() * 0.4f;
            ImGui::SetScrollY(std::max(0.0f, target));
        }
        const ImVec2 win = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
        layout::note_scrolled_region(win.x, win.y, win.x + size.x, win.y + size.y, true, true);
        ImGui::PopStyleVar();
        if (context.mono_font != nullptr)
            ImGui::PopFont();
    }
    ImGui::EndChild();
}

} // namespace prefixlab
