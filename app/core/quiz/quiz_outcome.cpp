#include "core/quiz/quiz_outcome.hpp"

#include "core/ground/output_check.hpp"
#include "core/util/enum_names.hpp"

#include <cstdio>

namespace prefixlab {

namespace {

constexpr std::string_view kQuizResultNames[] = {"correct", "wrong-cells", "detected-error",
                                                 "hung",    "failed",      "not-run"};

} // namespace

std::string timeout_text(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f s", seconds);
    return text;
}

std::string_view name_of(QuizResult result) { return name_in<QuizResult::not_run>(kQuizResultNames, result); }

std::optional<QuizResult> parse_quiz_result(std::string_view name) {
    return enumerator_named<QuizResult::not_run>(kQuizResultNames, name);
}

QuizOutcome outcome_of_output(KernelKind kind, ElementType type, ScanOperator op, bool exclusive,
                              const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& output) {
    const OutputCheck check = check_kernel_output(kind, type, op, exclusive, input, output,
                                                  KeepPredicate{}); // quizzes are scans and reductions
    QuizOutcome outcome;
    outcome.cells = kind == KernelKind::block_reduce ? 1 : output.size(); // a reduction has one total
    outcome.wrong_count = check.wrong_count;
    outcome.result = check.wrong_count == 0 ? QuizResult::correct : QuizResult::wrong_cells;
    for (std::size_t i = 0; i < check.wrong.size() && outcome.first_wrong.size() < kShownWrongCells; ++i)
        if (check.wrong[i] != 0)
            outcome.first_wrong.push_back({static_cast<std::uint32_t>(i), output[i], check.reference[i]});
    return outcome;
}

std::string describe(const QuizOutcome& outcome) {
    switch (outcome.result) {
    case QuizResult::correct:
        return outcome.cells == 1 ? "correct: the total equals the reference"
                                  : "correct: all " + std::to_string(outcome.cells) + " cells equal the reference";
    case QuizResult::wrong_cells: {
        std::string text = outcome.cells == 1 ? std::string("wrong total")
                                              : "wrong: " + std::to_string(outcome.wrong_count) + " of " +
                                                    std::to_string(outcome.cells) + " cells";
        std::string cells;
        for (const WrongCell& cell : outcome.first_wrong) {
            if (!cells.empty())
                cells += "; ";
            cells += (outcome.cells == 1 ? "" : "cell " + std::to_string(cell.index) + ": ") +
                     std::to_string(cell.got) + ", expected " + std::to_string(cell.expected);
        }
        if (outcome.wrong_count > outcome.first_wrong.size() && !cells.empty())
            cells += "; …";
        return cells.empty() ? text : text + " (" + cells + ")";
    }
    case QuizResult::detected_error:
        return "error detected: " + outcome.detail;
    case QuizResult::hung:
        return "hung (killed after " + timeout_text(outcome.timeout_s) + ")";
    case QuizResult::failed:
        return "failed: " + outcome.detail;
    case QuizResult::not_run:
        break;
    }
    return outcome.detail.empty() ? "not run" : "not run: " + outcome.detail;
}

} // namespace prefixlab
