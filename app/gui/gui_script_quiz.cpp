// Scripted mode's quiz commands (issue 16; docs/gui-script.md): `quiz N` opens the Quiz tab on question N,
// `quiz-run` runs its fragments and waits for the GPU's child processes, `quiz-reveal on|off`,
// `quiz-source cuda|source`, and `report-quiz` prints what each fragment did, for tests.
#include "core/ground/scan_names.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/gui_script.hpp"
#include "gui/workspace.hpp"

#include <cstdio>

namespace prefixlab {

bool ScriptRunner::run_quiz_command(ScriptHost& host, const ScriptCommand& c) {
    QuizState& quiz = host.state.quiz();
    if (c.name == "quiz") {
        quiz.select(static_cast<int>(c.args[0].whole)); // 1..3, checked when read
        host.workspace.select_tab(std::string("Quiz"));
    } else if (c.name == "quiz-run") {
        quiz.run();
        wait_for_ = WaitFor::quiz;
        return false;
    } else if (c.name == "quiz-reveal") {
        quiz.set_revealed(*c.args[0].choice == 0);
    } else if (c.name == "quiz-source") {
        quiz.show_source = *c.args[0].choice == 1;
    } else { // report-quiz
        const QuizQuestion& q = quiz.question();
        printf_to_terminal(stdout, "quiz: question=%d revealed=%d", q.number, quiz.revealed() ? 1 : 0);
        for (std::size_t k = 0; k < q.options.size(); ++k) {
            const QuizOptionResults& results = quiz.results(k);
            const QuizOutcomeRecord* shipped = quiz.shipped(k);
            printf_to_terminal(stdout, " %s=%s emulator=%s gpu=%s shipped=%s", quiz_letter(k).c_str(),
                               std::string(name_of(q.options[k].algorithm)).c_str(),
                               results.emulator ? std::string(name_of(results.emulator->result)).c_str()
                                                : "none",
                               results.gpu ? std::string(name_of(results.gpu->result)).c_str() : "none",
                               shipped ? std::string(name_of(shipped->outcome.result)).c_str() : "none");
        }
        printf_to_terminal(stdout, "\n");
        std::fflush(stdout);
    }
    return true;
}

} // namespace prefixlab
