#include "gui/features/quiz/quiz_feature.hpp"

#include "core/ground/kernel_names.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/features/quiz/quiz_state.hpp"
#include "gui/features/quiz/quiz_view.hpp"
#include "gui/script/script_command.hpp"
#include "gui/shell/app_folders.hpp"
#include "gui/shell/menu_table.hpp"
#include "gui/workspace.hpp"

#include <cstdio>
#include <imgui.h>
#include <utility>

namespace prefixlab {

namespace {

constexpr const char* kQuizTitle = "Quiz";

void report_quiz(const QuizState& quiz) {
    const QuizQuestion& q = quiz.question();
    printf_to_terminal(stdout, "quiz: question=%d revealed=%d", q.number, quiz.revealed() ? 1 : 0);
    for (std::size_t k = 0; k < q.options.size(); ++k) {
        const QuizOptionResults& results = quiz.results(k);
        const QuizOutcomeRecord* shipped = quiz.shipped(k);
        printf_to_terminal(stdout, " %s=%s emulator=%s gpu=%s shipped=%s", quiz_letter(k).c_str(),
                           std::string(name_of(q.options[k].algorithm)).c_str(),
                           results.emulator ? std::string(name_of(results.emulator->result)).c_str() : "none",
                           results.gpu ? std::string(name_of(results.gpu->result)).c_str() : "none",
                           shipped ? std::string(name_of(shipped->outcome.result)).c_str() : "none");
    }
    printf_to_terminal(stdout, " scroll=%.0f fragments_top=%.0f\n", quiz.page.scroll_y, quiz.page.fragments_top);
    std::fflush(stdout);
}

} // namespace

void QuizFeature::start(AppState& state) {
    state.add_work(quiz_);
    quiz_.start([&state](const std::string& message,
                         bool is_error) { is_error ? state.report_error(message) : state.inform(message); },
                assets_folder());
}

void QuizFeature::after_frame(GuiHost& host) {
    // Asked for by another feature (a lesson's quiz scene runs its fragments on Page Down).
    if (std::exchange(host.workspace.requests.quiz_run, false) && !quiz().running())
        quiz().run();
    if (const std::optional<bool> reveal = std::exchange(host.workspace.requests.quiz_reveal, std::nullopt))
        quiz().set_revealed(*reveal);
}

void QuizFeature::store(Scene& scene) const {
    scene.quiz = {quiz_.question_number(), quiz_.revealed(), quiz_.show_source};
}

void QuizFeature::restore(const Scene& scene) {
    quiz_.select(scene.quiz.question);
    quiz_.set_revealed(scene.quiz.revealed);
    quiz_.show_source = scene.quiz.source;
}

void QuizFeature::add_tabs(std::vector<TabMaker>& tabs) {
    tabs.push_back([this] { return std::make_unique<QuizView>(quiz_); });
}

void QuizFeature::add_menus(MenuTable& menus) {
    menus.add(kQuizTitle, [this](GuiHost& host) {
        // The lecture's barrier questions, on the Quiz tab.
        for (const QuizQuestion& question : quiz_questions()) {
            const std::string label = std::to_string(question.number) + ". " + std::string(question.title);
            if (ImGui::MenuItem(label.c_str(), nullptr,
                                host.workspace.selected_title() == std::string(kQuizTitle) &&
                                    quiz().question_number() == question.number)) {
                quiz().select(question.number);
                host.workspace.select_tab(std::string(kQuizTitle));
            }
        }
    });
    menus.add(kQuizTitle, [this](GuiHost& host) {
        if (ImGui::MenuItem("Run the fragments", nullptr, false, !quiz().running())) {
            host.workspace.select_tab(std::string(kQuizTitle));
            quiz().run();
        }
        if (ImGui::MenuItem("Reveal the answer", nullptr, quiz().revealed()))
            quiz().set_revealed(!quiz().revealed());
    });
}

void QuizFeature::add_commands(ScriptTable& table) {
    table.add({.name = "quiz",
               .usage = "quiz N",
               .help = "the Quiz tab on question N (1 to 3; docs/quiz.md)",
               .args = {whole_arg("N", 1, 3)},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   quiz().select(static_cast<int>(c.args[0].whole)); // 1..3, checked when read
                   run.host().workspace.select_tab(std::string(kQuizTitle));
               }});
    table.add({.name = "quiz-run",
               .usage = "quiz-run",
               .help = "run the question's fragments: in the emulator, and where there is a GPU each in a child "
                       "process (killed if it hangs); waits for the GPU's runs",
               .run = [this](ScriptRun& run, const ScriptCommand&) {
                   quiz().run();
                   run.wait_while([this](std::string&) { return quiz().running(); });
               }});
    table.add({.name = "quiz-reveal",
               .usage = "quiz-reveal on|off",
               .help = "reveal (or hide) the correct fragment and the explanation, which scrolls into view",
               .args = {name_arg("STATE", {"on", "off"})},
               .run = [this](ScriptRun&, const ScriptCommand& c) { quiz().set_revealed(*c.args[0].choice == 0); }});
    table.add({.name = "quiz-source",
               .usage = "quiz-source cuda|source",
               .help = "show the fragments as CUDA (the default) or as PrefixLab's source",
               .args = {name_arg("FORM", {"cuda", "source"})},
               .run = [this](ScriptRun&, const ScriptCommand& c) { quiz().show_source = *c.args[0].choice == 1; }});
    table.add({.name = "report-quiz",
               .usage = "report-quiz",
               .help = "print the question, whether it is revealed, and each fragment's kernel and results: `quiz: "
                       "question=2 revealed=1 A=hillis-steele-racy emulator=wrong-cells gpu=none shipped=correct … "
                       "scroll=0 fragments_top=213` (the page's scroll and where its fragments start, in pixels)",
               .run = [this](ScriptRun&, const ScriptCommand&) { report_quiz(quiz()); }});
}

} // namespace prefixlab
