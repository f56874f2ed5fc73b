// Fuzz target: the quiz's outcomes file as the Quiz tab opens the shipped one (read_quiz_outcomes), then
// what the tab makes of it: each run's one-line description and its look-up by setup, and the file written
// back, which must read back equal.
//
// Expected: the reader's one-line QuizOutcomesFileError. Anything else is a finding.
#include "core/quiz/quiz_outcomes_file.hpp"

#include <cstdint>
#include <sstream>
#include <string>

using namespace prefixlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    QuizOutcomes outcomes;
    try {
        outcomes = read_quiz_outcomes(std::string(reinterpret_cast<const char*>(data), size));
    } catch (const QuizOutcomesFileError&) {
        return 0;
    }
    for (const QuizOutcomeRecord& run : outcomes.runs) {
        describe(run.outcome);
        ScanSetup setup;
        setup.algorithm = run.algorithm;
        setup.n = run.n;
        setup.input = run.input;
        if (find_quiz_run(outcomes, setup) == nullptr)
            __builtin_trap();
    }
    std::ostringstream written;
    write_quiz_outcomes(outcomes, written);
    if (!(read_quiz_outcomes(written.str()) == outcomes)) // throws if it does not read back
        __builtin_trap();
    return 0;
}
