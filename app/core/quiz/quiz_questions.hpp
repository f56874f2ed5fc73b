// The lecture's "which one is correct?" questions (issue 16): each shows two or three fragments of
// kernels PrefixLab runs, one correct and the others wrong, and every fragment is the kernel's own source
// (marked `// <quiz:NAME>` … `// </quiz:NAME>` in its file, quiz_fragment.hpp), so that what the screen
// asks about is what runs. Their order on screen is fixed here: the correct one is not always first.
#pragma once

#include "core/ground/scan_setup.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

struct QuizOption {
    BlockAlgorithm algorithm{};
    std::string_view source_path; // the file that holds its fragment
    std::string_view fragment;    // the fragment's marker name
    std::string_view caption;     // one line under the letter: "barrier inside the if"
    bool correct = false;
};

struct QuizQuestion {
    int number = 0;               // 1, 2, 3: as the lecture numbers them
    std::string_view title;       // "Reduction: where does the barrier go?"
    std::string_view question;    // the question as asked
    std::vector<QuizOption> options; // A, B (, C): two or three
    std::string_view explanation; // shown after the reveal
    ScanSetup setup;              // what each option runs on (its algorithm set per option)
};

// The three questions, in the lecture's order.
const std::vector<QuizQuestion>& quiz_questions();

// A question by its number; nullptr for another.
const QuizQuestion* find_quiz_question(int number);

// The setup option `option` of `question` runs: the question's, with the option's kernel.
ScanSetup quiz_setup(const QuizQuestion& question, const QuizOption& option);

// "A", "B", "C".
std::string quiz_letter(std::size_t option_index);

} // namespace prefixlab
