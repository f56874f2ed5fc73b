#include "gui/features/quiz/quiz_view.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/quiz/quiz_fragment.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "core/util/code_wrap.hpp"
#include "gui/features/quiz/quiz_state.hpp"
#include "gui/theme.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cstdio>
#include <imgui.h>
#include <string>
#include <vector>

namespace prefixlab {

namespace {

struct ShownLine {
    int number = 0; // in the kernel's file, as the verdicts cite it (0: not known)
    std::string text;
};

// The fragment's lines as the screen shows them: as CUDA, without the source's comments (the slide's code;
// the explanation says the why), or as the source, its comments only after the reveal (the wrong
// fragments' comments name what is wrong). Each with its line number in the file.
std::vector<ShownLine> shown_lines(const QuizOption& option, bool as_source, bool revealed) {
    std::vector<ShownLine> lines;
    const QuizFragment fragment = quiz_fragment(option.source_path, option.fragment);
    for (std::size_t i = 0; i < fragment.lines.size(); ++i) {
        const std::string& line = fragment.lines[i];
        if ((!revealed || !as_source) && is_comment_line(line))
            continue;
        lines.push_back({fragment.first_line > 0 ? fragment.first_line + static_cast<int>(i) : 0,
                         as_source ? line : as_cuda(line)});
    }
    return lines;
}

// The code's font: the largest size of the monospace font at which the fragment's longest line, after its
// line number, fits `width`; else the smallest, and lines are cut between tokens (wrap_code_line).
ImFont* code_font(const std::vector<ShownLine>& lines, std::size_t number_chars, float width,
                  const ViewContext& context) {
    std::size_t longest = 0;
    for (const ShownLine& line : lines)
        longest = std::max(longest, line.text.size());
    std::vector<ImFont*> fonts{context.mono_font};
    fonts.insert(fonts.end(), context.smaller_mono.begin(), context.smaller_mono.end());
    std::erase_if(fonts, [&](ImFont* font) { return font->FontSize < 0.7f * context.mono_font->FontSize; });
    for (ImFont* font :
         fonts) { // down to 0.72 of the size: smaller reads poorly in a hall, wrapping reads well
        ImGui::PushFont(font);
        const float char_w = ImGui::CalcTextSize("0").x;
        ImGui::PopFont();
        if (char_w * static_cast<float>(longest + number_chars + 1) <= width)
            return font;
    }
    return fonts.back();
}

// Green for what equals the reference, vermillion for anything else; the text says it too. Before the
// reveal every outcome is in the text's colour: the class votes first (a run coloured the answers).
theme::Rgb outcome_colour(const QuizOutcome& outcome, bool revealed) {
    return !revealed                               ? theme::colours().text
           : outcome.result == QuizResult::correct ? theme::colours().ok
           : outcome.result == QuizResult::not_run ? theme::colours().text
                                                   : theme::colours().error;
}

// "Emulator: error detected: …", then compute-sanitizer's lines, indented.
void labelled_outcome(const std::string& label, const QuizOutcome& outcome, bool revealed) {
    ImGui::PushStyleColor(ImGuiCol_Text, text_colour(outcome_colour(outcome, revealed)));
    ImGui::TextWrapped("%s %s", label.c_str(), describe(outcome).c_str());
    ImGui::PopStyleColor();
    for (const std::string* line : {&outcome.racecheck, &outcome.synccheck})
        if (!line->empty()) {
            ImGui::Indent();
            ImGui::TextWrapped("%s", line->c_str());
            ImGui::Unindent();
        }
}

void draw_controls(QuizState& quiz, float right_margin) {
    const float em = ImGui::GetFontSize();
    for (const QuizQuestion& question : quiz_questions()) {
        char label[32];
        std::snprintf(label, sizeof label, "Question %d", question.number);
        if (question.number > 1)
            same_line_if_fits(button_width(label), right_margin);
        const bool current = question.number == quiz.question_number();
        if (current)
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(label))
            quiz.select(question.number);
        if (current)
            ImGui::PopStyleColor();
    }
    const QuizQuestion& q = quiz.question();
    std::string run = "Run ";
    for (std::size_t k = 0; k < q.options.size(); ++k)
        run += (k == 0 ? "" : k + 1 == q.options.size() ? " and " : ", ") + quiz_letter(k);
    same_line_if_fits(button_width(run.c_str()) + em, right_margin);
    ImGui::Dummy(ImVec2(em * 0.5f, 0));
    ImGui::SameLine();
    ImGui::BeginDisabled(quiz.running());
    if (ImGui::Button(run.c_str()))
        quiz.run();
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        tooltip("Every fragment in the emulator; on this machine's GPU too, each in a child process that "
                "is killed if it hangs");
    const char* reveal = quiz.revealed() ? "Hide answer" : "Reveal answer";
    same_line_if_fits(button_width(reveal), right_margin);
    if (ImGui::Button(reveal))
        quiz.set_revealed(!quiz.revealed());
    same_line_if_fits(checkbox_width("PrefixLab source"), right_margin);
    ImGui::Checkbox("PrefixLab source", &quiz.show_source);
    if (ImGui::IsItemHovered())
        tooltip("The kernels' own lines (ctx.sync is __syncthreads on the GPU); off: as CUDA");
    if (quiz.running()) {
        char overlay[200];
        std::snprintf(overlay, sizeof overlay, "%s", quiz.activity().c_str());
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram, theme::packed(theme::colours().progress));
        ImGui::ProgressBar(
            static_cast<float>(quiz.progress()),
            ImVec2(std::max(em * 8, ImGui::GetContentRegionAvail().x - right_margin - button_width("Cancel") -
                                        ImGui::GetStyle().ItemSpacing.x),
                   0),
            overlay);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        if (ImGui::Button("Cancel"))
            quiz.cancel();
    }
}

void draw_outcomes(const QuizState& quiz, std::size_t k);

// What the emulator, this GPU and the recorded GPU said of fragment k, as the tab writes it.
std::vector<std::string> verdict_texts(const QuizState& quiz, std::size_t k) {
    std::vector<std::string> texts;
    const QuizOptionResults& results = quiz.results(k);
    if (results.emulator)
        texts.push_back(describe(*results.emulator));
    if (results.gpu)
        texts.push_back(describe(*results.gpu));
    else if (const QuizOutcomeRecord* shipped = quiz.shipped(k); shipped != nullptr && results.emulator)
        texts.push_back(describe(shipped->outcome));
    return texts;
}

// One fragment: its letter and caption, its lines, and (once run) what the emulator and a GPU made of it.
void draw_option(const QuizState& quiz, std::size_t k, const ViewContext& context) {
    const QuizQuestion& q = quiz.question();
    const QuizOption& option = q.options[k];
    const theme::Palette& c = theme::colours();
    ImGui::PushTextWrapPos(0.0f); // the column's edge

    // "A · wrong · __syncthreads() inside the if": the verdict in words and colour after the reveal
    const std::string verdict = quiz.revealed() ? (option.correct ? " · correct" : " · wrong") : "";
    if (quiz.revealed())
        ImGui::PushStyleColor(ImGuiCol_Text, text_colour(option.correct ? c.ok : c.error));
    ImGui::TextWrapped("%s%s · %s", quiz_letter(k).c_str(), verdict.c_str(),
                       std::string(option.caption).c_str());
    if (quiz.revealed())
        ImGui::PopStyleColor();
    // The code with its lines' numbers in the file (the verdicts cite them: "the barrier on line 44"), in
    // the largest size that holds its longest line, else cut between tokens.
    // One size for every fragment of the question, so that the class compares like with like.
    std::vector<ShownLine> all_lines;
    for (const QuizOption& each : q.options)
        for (ShownLine& line : shown_lines(each, quiz.show_source, quiz.revealed()))
            all_lines.push_back(std::move(line));
    const std::vector<ShownLine> lines = shown_lines(option, quiz.show_source, quiz.revealed());
    int last_number = 0;
    for (const ShownLine& line : all_lines)
        last_number = std::max(last_number, line.number);
    const std::size_t number_chars = last_number > 0 ? std::to_string(last_number).size() : 0;
    if (context.mono_font != nullptr)
        ImGui::PushFont(code_font(all_lines, number_chars, ImGui::GetContentRegionAvail().x, context));
    const float char_w = ImGui::CalcTextSize("0").x;
    const std::size_t code_chars = static_cast<std::size_t>(
        std::max(8.0f, ImGui::GetContentRegionAvail().x / char_w - static_cast<float>(number_chars + 1)));
    // code lines close together, as in an editor
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                        ImVec2(ImGui::GetStyle().ItemSpacing.x, ImGui::GetFontSize() * 0.1f));
    // In screen pixels: Dear ImGui's SameLine(x) counts x from a table column's own offset.
    const float code_x = ImGui::GetCursorScreenPos().x + char_w * static_cast<float>(number_chars + 1);
    for (const ShownLine& line : lines) {
        const std::vector<std::string> pieces =
            wrap_code_line(line.text.empty() ? " " : line.text, code_chars);
        for (std::size_t p = 0; p < pieces.size(); ++p) {
            if (p == 0 && line.number > 0) {
                char number[16];
                std::snprintf(number, sizeof number, "%*d", static_cast<int>(number_chars), line.number);
                ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
                ImGui::TextUnformatted(number);
                ImGui::PopStyleColor();
                ImGui::SameLine();
            }
            ImGui::SetCursorScreenPos(ImVec2(code_x, ImGui::GetCursorScreenPos().y));
            const bool comment = is_comment_line(line.text);
            if (comment)
                ImGui::PushStyleColor(ImGuiCol_Text, text_colour(c.code_comment));
            ImGui::TextUnformatted(pieces[p].c_str());
            if (comment)
                ImGui::PopStyleColor();
        }
    }
    // The lines the verdicts cite outside the fragment (a barrier after it), under a gap.
    const QuizFragment fragment = quiz_fragment(option.source_path, option.fragment);
    std::vector<CitedLine> cited;
    for (const std::string& verdict : verdict_texts(quiz, k))
        for (CitedLine& line : cited_lines_outside(option.source_path, fragment, verdict))
            if (std::none_of(cited.begin(), cited.end(), [&](const CitedLine& c) {
                    return c.number == line.number && c.file == line.file;
                }))
                cited.push_back(std::move(line));
    std::stable_sort(cited.begin(), cited.end(),
                     [](const CitedLine& a, const CitedLine& b) { return a.file < b.file; });
    std::string file = "-";
    for (const CitedLine& line : cited) {
        if (line.file != file) // "...", or "... warp_shuffle_scan.cuh" for a line of another file
            ImGui::TextDisabled("... %s", line.file.c_str()); // ASCII: the smaller sizes hold no "…"
        file = line.file;
        char number[16];
        std::snprintf(number, sizeof number, "%*d", static_cast<int>(number_chars), line.number);
        ImGui::TextDisabled("%s", number);
        ImGui::SameLine();
        ImGui::SetCursorScreenPos(ImVec2(code_x, ImGui::GetCursorScreenPos().y));
        ImGui::TextUnformatted(quiz.show_source ? line.text.c_str() : as_cuda(line.text).c_str());
    }
    ImGui::PopStyleVar();
    ImGui::Spacing();
    if (context.mono_font != nullptr)
        ImGui::PopFont();

    draw_outcomes(quiz, k);
    ImGui::PopTextWrapPos();
}

void draw_outcomes(const QuizState& quiz, std::size_t k) {
    const QuizOptionResults& results = quiz.results(k);
    if (!results.emulator) {
        ImGui::TextDisabled("not run yet");
        return;
    }
    ImGui::Spacing();
    labelled_outcome("Emulator:", *results.emulator, quiz.revealed());
    if (results.gpu) {
        labelled_outcome("GPU here (child process):", *results.gpu, quiz.revealed());
    } else if (const QuizOutcomeRecord* shipped = quiz.shipped(k)) {
        const QuizOutcomes& file = *quiz.shipped_file();
        labelled_outcome(file.device + " (recorded " +
                             file.date.substr(0, std::min<std::size_t>(10, file.date.size())) + ", driver " +
                             file.driver + "):",
                         shipped->outcome, quiz.revealed());
    } else if (!quiz.gpu_here()) {
        ImGui::TextWrapped("GPU: none here, and no recorded outcome");
        if (!quiz.shipped_problem().empty() && ImGui::IsItemHovered())
            tooltip("%s", quiz.shipped_problem().c_str());
    } else if (quiz.running()) {
        ImGui::TextDisabled("GPU: running…");
    }
}

} // namespace

void QuizView::draw(AppState&, const ViewContext& context) {
    QuizState& quiz = quiz_;
    if (!ImGui::BeginChild("##quiz", ImVec2(0, 0), false, ImGuiWindowFlags_None)) {
        ImGui::EndChild();
        return;
    }
    // Wrapped text and rows of controls end short of a scroll bar that the tab gets one frame late (at 3× on
    // 1280×720 the first frame laid 1218 px out in 1190).
    if (quiz.take_scroll_to_top())
        ImGui::SetScrollY(0);
    const float reserve = ImGui::GetScrollMaxY() > 0 ? 0 : ImGui::GetStyle().ScrollbarSize;
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width_beside_scroll_bar());
    draw_controls(quiz, reserve);

    const QuizQuestion& q = quiz.question();
    ImGui::Separator();
    ImGui::TextWrapped("Question %d · %s", q.number, std::string(q.title).c_str());
    ImGui::TextWrapped("%s", std::string(q.question).c_str());
    ImGui::Spacing();

    const float width = width_beside_scroll_bar();
    const std::size_t n = q.options.size();
    const ImGuiStyle& style = ImGui::GetStyle();
    const float column = (width - (float(n) - 1) * style.ItemSpacing.x) / float(n) - 2 * style.CellPadding.x;
    // Side by side while a column holds 30 characters of code (a longer line wraps); one under the other
    // below that: at 2× on 1280×720 two columns hold 33, three 21.
    if (context.mono_font != nullptr)
        ImGui::PushFont(context.mono_font);
    const float code_chars = column / ImGui::CalcTextSize("0").x;
    if (context.mono_font != nullptr)
        ImGui::PopFont();
    const int columns = code_chars >= 30 ? static_cast<int>(n) : 1;
    const float fragments_top = ImGui::GetCursorPosY();
    if (ImGui::BeginTable("fragments", columns,
                          ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame,
                          ImVec2(width, 0))) {
        for (std::size_t k = 0; k < n; ++k) {
            if (columns == 1 || k == 0)
                ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(static_cast<int>(k));
            draw_option(quiz, k, context);
            if (columns == 1 && k + 1 < n)
                ImGui::Spacing();
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    if (quiz.revealed()) {
        ImGui::Spacing();
        ImGui::Separator();
        ImGui::TextWrapped("Answer: %s", std::string(q.explanation).c_str());
        ImGui::Spacing();
        // Up just far enough to show the answer, but never past the fragments' letters and verdicts, and
        // where it must scroll at all, to the fragments' top exactly (scrolling to the answer's end took
        // the headers off and left half a line at the top).
        const float below = ImGui::GetCursorPosY() - ImGui::GetWindowHeight();
        // Room under the answer for the fragments' top to reach the window's top (else the scroll stops
        // short, at the page's end, with half a line at the top).
        // (A line more than the arithmetic asks: the scroll's range leaves out the window's padding.)
        if (const float room =
                fragments_top + ImGui::GetWindowHeight() - ImGui::GetCursorPosY() + ImGui::GetFontSize();
            below > 0 && room > 0)
            ImGui::Dummy(ImVec2(1, room));
        if (quiz.take_scroll_to_answer()) {
            ImGui::SetScrollY(below > 0 ? fragments_top : 0.0f);
        }
    } else {
        ImGui::Spacing();
        ImGui::TextDisabled("Run the fragments, discuss, then reveal the answer.");
    }
    ImGui::PopTextWrapPos();
    quiz.page = {ImGui::GetScrollY(), fragments_top};
    ImGui::EndChild();
}

} // namespace prefixlab
