#include "gui/features/quiz/quiz_view.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/quiz/quiz_fragment.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "gui/features/quiz/quiz_state.hpp"
#include "gui/theme.hpp"
#include "gui/views/flow_layout.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cstdio>
#include <imgui.h>
#include <string>

namespace prefixlab {

namespace {


// The fragment's lines as the screen shows them: as CUDA, without the source's comments (the slide's code;
// the explanation says the why), or as the source, its comments only after the reveal (the wrong
// fragments' comments name what is wrong).
std::vector<std::string> shown_lines(const QuizOption& option, bool as_source, bool revealed) {
    std::vector<std::string> lines;
    for (const std::string& line : quiz_fragment(option.source_path, option.fragment).lines) {
        if ((!revealed || !as_source) && is_comment_line(line))
            continue;
        lines.push_back(as_source ? line : as_cuda(line));
    }
    return lines;
}

// Green for what equals the reference, vermillion for anything else; the text says it too.
theme::Rgb outcome_colour(const QuizOutcome& outcome) {
    return outcome.result == QuizResult::correct ? theme::colours().ok
           : outcome.result == QuizResult::not_run ? theme::colours().text
                                                   : theme::colours().error;
}

// "Emulator: error detected: …", then compute-sanitizer's lines, indented.
void labelled_outcome(const std::string& label, const QuizOutcome& outcome) {
    ImGui::PushStyleColor(ImGuiCol_Text, text_colour(outcome_colour(outcome)));
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
        ImGui::ProgressBar(static_cast<float>(quiz.progress()),
                           ImVec2(std::max(em * 8, ImGui::GetContentRegionAvail().x - right_margin -
                                                       button_width("Cancel") - ImGui::GetStyle().ItemSpacing.x),
                                  0),
                           overlay);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        if (ImGui::Button("Cancel"))
            quiz.cancel();
    }
}

void draw_outcomes(const QuizState& quiz, std::size_t k);

// One fragment: its letter and caption, its lines, and (once run) what the emulator and a GPU made of it.
void draw_option(const QuizState& quiz, std::size_t k, ImFont* mono) {
    const QuizQuestion& q = quiz.question();
    const QuizOption& option = q.options[k];
    const theme::Palette& c = theme::colours();
    ImGui::PushTextWrapPos(0.0f); // the column's edge

    // "A · wrong · __syncthreads() inside the if": the verdict in words and colour after the reveal
    const std::string verdict = quiz.revealed() ? (option.correct ? " · correct" : " · wrong") : "";
    if (quiz.revealed())
        ImGui::PushStyleColor(ImGuiCol_Text, text_colour(option.correct ? c.ok : c.error));
    ImGui::TextWrapped("%s%s · %s", quiz_letter(k).c_str(), verdict.c_str(), std::string(option.caption).c_str());
    if (quiz.revealed())
        ImGui::PopStyleColor();
    if (mono != nullptr)
        ImGui::PushFont(mono);
    // code lines close together, as in an editor
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, ImGui::GetFontSize() * 0.1f));
    for (const std::string& line : shown_lines(option, quiz.show_source, quiz.revealed())) {
        const bool comment = is_comment_line(line);
        if (comment)
            ImGui::PushStyleColor(ImGuiCol_Text, text_colour(c.code_comment));
        ImGui::TextWrapped("%s", line.empty() ? " " : line.c_str());
        if (comment)
            ImGui::PopStyleColor();
    }
    ImGui::PopStyleVar();
    ImGui::Spacing();
    if (mono != nullptr)
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
    labelled_outcome("Emulator:", *results.emulator);
    if (results.gpu) {
        labelled_outcome("GPU here (child process):", *results.gpu);
    } else if (const QuizOutcomeRecord* shipped = quiz.shipped(k)) {
        const QuizOutcomes& file = *quiz.shipped_file();
        labelled_outcome(file.device + " (recorded " + file.date.substr(0, std::min<std::size_t>(10, file.date.size())) +
                             ", driver " + file.driver + "):",
                         shipped->outcome);
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
    if (ImGui::BeginTable("fragments", columns, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame,
                          ImVec2(width, 0))) {
        for (std::size_t k = 0; k < n; ++k) {
            if (columns == 1 || k == 0)
                ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(static_cast<int>(k));
            draw_option(quiz, k, context.mono_font);
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
        if (quiz.take_scroll_to_answer())
            ImGui::SetScrollHereY(1.0f);
    } else {
        ImGui::Spacing();
        ImGui::TextDisabled("Run the fragments, discuss, then reveal the answer.");
    }
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
}

} // namespace prefixlab
