#include "gui/views/source_view.hpp"

#include "core/analysis/step_source.hpp"
#include "core/quiz/quiz_fragment.hpp"
#include "core/source/kernel_source.hpp"
#include "core/util/code_wrap.hpp"
#include "gui/app_state.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/theme.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <imgui_internal.h>
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

float digit_width(const ImFont* font) { return font->CalcTextSizeA(font->FontSize, 1e9f, 0, "0").x; }

// The spans of `line` that fall in [at, at + size), moved to start at `lead` (a wrapped piece's indentation).
std::vector<CodeSpan> spans_within(const std::vector<CodeSpan>& spans, std::size_t at, std::size_t size,
                                   std::size_t lead) {
    std::vector<CodeSpan> within;
    for (const CodeSpan& span : spans) {
        const std::size_t begin = std::max(span.begin, at), end = std::min(span.end, at + size);
        if (begin < end)
            within.push_back({begin - at + lead, end - at + lead, span.kind});
    }
    return within;
}

} // namespace

void SourceView::load(std::string_view path) {
    path_ = path;
    lines_prefixlab_ = prefixlab_form;
    lines_.clear();
    wide_characters_.clear();
    longest_ = 0;
    rows_chars_ = 0; // wrap again
    const std::string_view text = kernel_source_text(path);
    bool in_block_comment = false;
    int number = 0;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view raw = text.substr(at, end - at);
        at = end + 1;
        ++number;
        if (!prefixlab_form && is_tracing_line(raw))
            continue; // the trace's bookkeeping: no CUDA kernel has it
        Line line{number, prefixlab_form ? std::string(raw) : as_cuda(raw), {}};
        line.spans = code_spans(line.text, in_block_comment);
        longest_ = std::max(longest_, line.text.size());
        for (const char* c = line.text.c_str(); *c != 0;) {
            unsigned code = 0;
            c += ImTextCharFromUtf8(&code, c, nullptr);
            if (code >= 0x80 && std::find(wide_characters_.begin(), wide_characters_.end(), code) ==
                                    wide_characters_.end())
                wide_characters_.push_back(code);
        }
        lines_.push_back(std::move(line));
    }
}

void SourceView::wrap(std::size_t chars_per_row) {
    rows_chars_ = chars_per_row;
    drawn_.rows.clear();
    drawn_.lines.assign(lines_.empty() ? 0 : static_cast<std::size_t>(lines_.back().number) + 1, "");
    for (const Line& line : lines_) {
        drawn_.lines[static_cast<std::size_t>(line.number)] = line.text;
        // Each piece is the line's text from some token on, after its own indentation: found in the line,
        // it takes the line's colours from there (a comment wrapped stays a comment).
        std::size_t from = 0;
        bool first = true;
        // A deep indentation (a string continued under its opening quote) keeps a third of the row at most:
        // its pieces would not fit beside it.
        const std::size_t indent = std::min(line.text.find_first_not_of(' '), line.text.size());
        const std::string shown = std::string(std::min(indent, chars_per_row / 3), ' ') + line.text.substr(indent);
        for (std::string& piece : wrap_code_line(shown, chars_per_row)) {
            const std::size_t lead = std::min(piece.find_first_not_of(' '), piece.size());
            const std::string_view content = std::string_view(piece).substr(lead);
            const std::size_t at = content.empty() ? from : line.text.find(content, from);
            Row row{line.number, !first, std::move(piece), {}};
            if (at == std::string::npos) {
                row.spans.push_back({0, row.text.size(), CodeToken::plain});
            } else {
                row.spans = spans_within(line.spans, at, content.size(), lead);
                from = at + content.size();
            }
            drawn_.rows.push_back(std::move(row));
            first = false;
        }
    }
}

// The largest monospace size, down to 0.7 of the font (smaller reads poorly in a hall; wrapping reads
// well), that holds the longest line and its number in `room`; else the smallest of those, and lines wrap.
// A size whose atlas lacks a character of the file (the smaller ones hold ASCII only) is passed over.
ImFont* SourceView::code_font(const ViewContext& context, float room) const {
    std::vector<ImFont*> fonts{context.mono_font};
    for (ImFont* font : context.smaller_mono)
        if (font->FontSize >= 0.7f * context.mono_font->FontSize &&
            std::all_of(wide_characters_.begin(), wide_characters_.end(), [font](unsigned code) {
                return font->FindGlyphNoFallback(static_cast<ImWchar>(code)) != nullptr;
            }))
            fonts.push_back(font);
    const float number_chars = static_cast<float>(std::to_string(drawn_.lines.size()).size() + 2);
    for (ImFont* font : fonts)
        if (digit_width(font) * (static_cast<float>(longest_) + number_chars) <= room)
            return font;
    return fonts.back();
}

void SourceView::draw(AppState& state, const ViewContext& context) {
    const LoadedTrace* loaded = state.block.trace();
    if (loaded == nullptr || loaded->trace.steps.empty()) {
        ImGui::TextDisabled("No trace yet: the kernel's source shows here once one is traced or opened.");
        return;
    }
    const int step = std::clamp(state.block.step(), 0, static_cast<int>(loaded->trace.steps.size()) - 1);
    const StepSourceLines marked = step_source_lines(loaded->trace, static_cast<std::size_t>(step));
    if (marked.path != path_ || prefixlab_form != lines_prefixlab_) {
        load(marked.path);
        scrolled_for_trace_ = nullptr; // the sync line's row moved
    }
    drawn_.path = std::string(marked.path);
    drawn_.prefixlab_form = prefixlab_form;
    drawn_.sync_line = marked.sync_line;
    drawn_.first = marked.first;
    drawn_.last = marked.last;
    ImGui::TextUnformatted(drawn_.path.c_str());
    same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                      ImGui::CalcTextSize("PrefixLab source").x);
    ImGui::Checkbox("PrefixLab source", &prefixlab_form);
    if (ImGui::IsItemHovered())
        tooltip("The kernel's own lines (ctx.sync is __syncthreads on the GPU, PL_BODY is __device__); off: as "
                "CUDA");
    if (lines_.empty()) {
        ImGui::TextDisabled("This file is not embedded in this PrefixLab.");
        return;
    }

    // Only a vertical scroll bar, always there: the room for the lines does not change as it comes and goes.
    if (ImGui::BeginChild("##source-lines", ImVec2(0, 0), true, ImGuiWindowFlags_AlwaysVerticalScrollbar)) {
        const float room = ImGui::GetContentRegionAvail().x;
        ImFont* font = context.mono_font != nullptr ? code_font(context, room) : nullptr;
        if (font != nullptr)
            ImGui::PushFont(font);
        // Rows touch: the clipper steps by exactly one line, and the step's band has no gaps.
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
        // A row a fifth taller than the font, the text centred in it: the step's band then covers the
        // underscores below the baseline (at the font's height they fell under it, white on white).
        const float line_h = std::ceil(ImGui::GetTextLineHeight() * 1.2f);
        const float text_dy = std::floor((line_h - ImGui::GetTextLineHeight()) / 2);
        const float char_w = ImGui::CalcTextSize("0").x;
        const float number_w = char_w * static_cast<float>(std::to_string(drawn_.lines.size()).size() + 2);
        const auto chars = static_cast<std::size_t>(std::max(8.0f, std::floor((room - number_w) / char_w)));
        if (chars != rows_chars_) {
            wrap(chars);
            drawn_.widest = 0;
            for (const Row& row : drawn_.rows)
                drawn_.widest = std::max(drawn_.widest, number_w + ImGui::CalcTextSize(row.text.c_str()).x);
        }
        drawn_.font_pixels = ImGui::GetFontSize();
        drawn_.room = room;
        const theme::Palette& c = theme::colours();
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const std::vector<Row>& rows = drawn_.rows;

        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(rows.size()), line_h);
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const Row& row = rows[static_cast<std::size_t>(i)];
                const ImVec2 at = ImGui::GetCursorScreenPos();
                ImGui::PushID(i);
                if (ImGui::InvisibleButton("##line", ImVec2(room, line_h))) {
                    if (const auto found = first_step_at_line(loaded->trace, marked.path, row.number))
                        state.block.set_step(static_cast<int>(*found));
                }
                const bool hovered = ImGui::IsItemHovered();
                ImGui::PopID();
                const ImVec2 end(at.x + room, at.y + line_h);
                const bool in_step = row.number >= marked.first && row.number <= marked.last;
                const bool on_blue = row.number == marked.sync_line;
                if (on_blue)
                    draw->AddRectFilled(at, end, theme::packed(c.current_step));
                else if (in_step)
                    draw->AddRectFilled(at, end, theme::packed(c.code_step_lines));
                else if (hovered)
                    draw->AddRectFilled(at, end, theme::packed(c.code_step_lines, 110));
                const theme::Rgb under = in_step ? c.code_step_lines : c.background;
                const ImU32 ink_on_blue = theme::packed(theme::ink_on(c.current_step));
                if (!row.continuation) {
                    const std::string label = std::to_string(row.number);
                    const float label_w = ImGui::CalcTextSize(label.c_str()).x;
                    draw->AddText(ImVec2(at.x + number_w - char_w - label_w, at.y + text_dy),
                                  on_blue ? ink_on_blue : colour_of(CodeToken::comment, under), label.c_str());
                }
                // Each span where its text starts: the indentation before the first is in no span.
                const char* text = row.text.c_str();
                for (const CodeSpan& span : row.spans)
                    draw->AddText(ImVec2(at.x + number_w + ImGui::CalcTextSize(text, text + span.begin).x,
                                         at.y + text_dy),
                                  on_blue ? ink_on_blue : colour_of(span.kind, under), text + span.begin,
                                  text + span.end);
            }
        // Scrolls the sync line to the middle when the step (or the trace, or the form) changes, not while a
        // lecturer scrolls the file by hand.
        if (scrolled_for_trace_ != loaded || scrolled_for_step_ != step) {
            scrolled_for_trace_ = loaded;
            scrolled_for_step_ = step;
            const auto sync_row = std::find_if(rows.begin(), rows.end(),
                                               [&](const Row& row) { return row.number >= marked.sync_line; });
            const float target = static_cast<float>(sync_row - rows.begin()) * line_h - ImGui::GetWindowHeight() * 0.4f;
            ImGui::SetScrollY(std::max(0.0f, target));
        }
        const ImVec2 win = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
        layout::note_scrolled_region(win.x, win.y, win.x + size.x, win.y + size.y, false, true);
        ImGui::PopStyleVar();
        if (font != nullptr)
            ImGui::PopFont();
    }
    ImGui::EndChild();
}

} // namespace prefixlab
