// What one run of a quiz fragment's kernel tells (issue 16): in the emulator, the error it detects (a
// barrier not every thread reaches, a shuffle a named lane skips: the step and the threads) or the output
// against the reference; on a GPU, correct, wrong cells, hung (killed after its timeout) or failed, and
// where compute-sanitizer is installed its racecheck and synccheck verdicts, a line each.
#pragma once

#include "kernels/common/kernel_kind.hpp"
#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

enum class QuizResult : std::uint8_t {
    correct,        // the output equals the reference
    wrong_cells,    // some output differs
    detected_error, // the emulator stopped at a barrier or shuffle not every thread reaches
    hung,           // on a GPU: killed after its timeout
    failed,         // on a GPU: the run ended with an error (CUDA's message in detail)
    not_run,        // no outcome (no GPU here and none shipped)
};

std::string_view name_of(QuizResult result);
std::optional<QuizResult> parse_quiz_result(std::string_view name);

struct WrongCell {
    std::uint32_t index = 0;
    std::uint32_t got = 0;      // the output word's bits
    std::uint32_t expected = 0; // the reference's
    friend bool operator==(const WrongCell&, const WrongCell&) = default;
};

struct QuizOutcome {
    QuizResult result = QuizResult::not_run;
    std::size_t wrong_count = 0;
    std::size_t cells = 0;             // the output words checked
    std::vector<WrongCell> first_wrong; // at most kShownWrongCells, in index order
    std::string detail;                 // the emulator's error, CUDA's, or why it did not run
    double seconds = 0;                 // how long the run took (on a GPU, the child's whole life)
    double timeout_s = 0;               // the GPU run's limit
    std::string racecheck;              // compute-sanitizer's verdicts, one line each ("" = not run)
    std::string synccheck;
    friend bool operator==(const QuizOutcome&, const QuizOutcome&) = default;
};

inline constexpr std::size_t kShownWrongCells = 4;

// The outcome of an output: correct, or wrong_cells with the first few, against the kernel's check
// (check_kernel_output: a scan's, a reduction's total).
QuizOutcome outcome_of_output(KernelKind kind, ElementType type, ScanOperator op, bool exclusive,
                              const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& output);

// "10.0 s": a timeout as the outcomes say it.
std::string timeout_text(double seconds);

// One line for the screen and the command line: "correct: 256 of 256 cells equal the reference",
// "wrong: 224 of 256 cells (cell 32: 2, expected 33; …)", "hung (killed after 10.0 s)",
// "error detected: barrier not reached by every thread, …", "failed: …".
std::string describe(const QuizOutcome& outcome);

} // namespace prefixlab
