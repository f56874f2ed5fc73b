// `prefixlab quiz` as a user runs it (issue 16): every fragment's verdict in the emulator, the same on every
// run; bad input is one line and exit code 2 before any work; the quiz's wrong kernels are refused on the GPU
// in this process (they run there only as `quiz-child`, in a child), and left out of `trace --list`.
#include "support/process.hpp"
#include "support/text_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

TEST(QuizCommand, EveryFragmentsVerdictInTheEmulatorTheSameOnEveryRun) {
    const ProcessResult r = run_prefixlab("quiz --device cpu --show");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char* expected : {
             "Question 1: Reduction: where does the barrier go?",
             "A  reduce-barrier-in-branch: __syncthreads() inside the if  [wrong]",
             "emulator, N=256: error detected: barrier not reached by every thread, after step 1",
             "threads 0-127 wait at the barrier on line",
             "B  reduce-sequential: __syncthreads() outside the if, every iteration  [correct]",
             "emulator, N=256: correct: the total equals the reference",
             "A  hillis-steele-racy",
             "emulator, N=256: wrong: 223 of 256 cells (cell 32: 49, expected 33;",
             "thread 0 waits at the barrier on line",
             "emulator, N=256: correct: all 256 cells equal the reference",
             "its mask names lane 0, which does not take part in it",
             "       | for (int delta = 1; delta < 32; delta *= 2, ++round) {",
         })
        EXPECT_NE(r.out.find(expected), std::string::npos) << expected << "\n" << r.out;
    // the same every run, apart from the times
    const auto without_times = [](std::string text) {
        for (std::size_t at = 0; (at = text.find(" s)\n", at)) != std::string::npos;) {
            const std::size_t open = text.rfind('(', at);
            text.erase(open, at + 2 - open);
            at = open;
        }
        return text;
    };
    EXPECT_EQ(without_times(run_prefixlab("quiz --device cpu --show").out), without_times(r.out));
    const ProcessResult one = run_prefixlab("quiz --device cpu --question 3");
    EXPECT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(one.out.find("Question 1"), std::string::npos) << one.out;
    EXPECT_NE(one.out.find("Question 3"), std::string::npos) << one.out;
}

TEST(QuizCommand, BadInputIsOneLineAndExitCodeTwo) {
    const std::pair<const char*, const char*> cases[] = {
        {"quiz --question 4", "--question '4': expected a whole number from 1 to 3"},
        // 0 once ran all three: out of range like any other (leaving the option out asks for all)
        {"quiz --question 0", "--question '0': expected a whole number from 1 to 3"},
        {"quiz --device tpu", "--device 'tpu': expected auto, gpu or cpu"},
        {"quiz --timeout 0", "--timeout"},
        {"quiz --sanitizer-timeout 601", "--sanitizer-timeout"},
        {"quiz --device cpu --out x.json", "--out records GPU outcomes, and no GPU runs here (--device cpu)"},
        {"trace --algo reduce-barrier-in-branch --device gpu --out t.json",
         "reduce-barrier-in-branch has a barrier or shuffle that not every thread reaches and may hang a "
         "GPU: it "
         "runs there only in a child process with a timeout"},
        {"run --algo warp-shuffle-in-branch --n 64", "warp-shuffle-in-branch has a barrier or shuffle"},
        {"quiz-child --algo nope", "--algo"},
    };
    for (const auto& [arguments, message] : cases) {
        const ProcessResult r = run_prefixlab(arguments);
        EXPECT_EQ(r.exit_code, 2) << arguments << "\n" << r.err;
        EXPECT_NE(r.err.find(message), std::string::npos) << arguments << "\n" << r.err;
        EXPECT_EQ(count_lines(r.err), 1u) << arguments << "\n" << r.err;
    }
    EXPECT_FALSE(fs::exists("x.json"));
}

TEST(QuizCommand, TheWrongKernelsLeaveNoTraceAndAreNotListed) {
    const ProcessResult list = run_prefixlab("trace --list");
    ASSERT_EQ(list.exit_code, 0);
    EXPECT_NE(list.out.find("hillis-steele-racy\n"), std::string::npos); // a race still leaves a trace
    for (const char* name : {"reduce-barrier-in-branch", "hillis-steele-barrier-in-branch", "warp-shuffle-in-branch"})
        EXPECT_EQ(list.out.find(name), std::string::npos) << name;
    const fs::path out = fs::path(::testing::TempDir()) / "prefixlab_quiz_trace.json";
    const ProcessResult r =
        run_prefixlab("trace --algo hillis-steele-barrier-in-branch --n 64 --device cpu --out " + shell_quote(out.string()));
    EXPECT_EQ(r.exit_code, 1) << r.err; // what the kernel does, not the user's input
    EXPECT_NE(r.err.find("barrier not reached by every thread"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
}

} // namespace
} // namespace prefixlab::test
