// The quiz's fragments in the emulator (issue 16): each wrong variant gives its documented verdict, the
// same on every run, in at most a second; each correct twin gives the reference. And the fragments the
// quiz screen shows are the kernels' own lines.
#include "core/capture/trace_capture.hpp"
#include "core/emulator/emulate_block_scan.hpp"
#include "core/emulator/emulated_block.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/quiz/quiz_emulation.hpp"
#include "core/quiz/quiz_fragment.hpp"
#include "core/quiz/quiz_questions.hpp"
#include "core/source/kernel_source.hpp"
#include "core/util/code_wrap.hpp"

#include <gtest/gtest.h>
#include <regex>
#include <set>
#include <string>

namespace prefixlab::test {
namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The line of `path` on which `needle` first stands (1-based); 0 if nowhere.
int line_of(std::string_view path, std::string_view needle) {
    const std::string_view text = kernel_source_text(path);
    const std::size_t at = text.find(needle);
    if (at == std::string_view::npos)
        return 0;
    return 1 +
           static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

const QuizOption& option_named(int question, std::string_view algorithm) {
    for (const QuizOption& option : find_quiz_question(question)->options)
        if (name_of(option.algorithm) == algorithm)
            return option;
    throw std::logic_error("no such option");
}

QuizOutcome emulate(int question, std::string_view algorithm) {
    return emulate_quiz_option(quiz_setup(*find_quiz_question(question), option_named(question, algorithm)));
}

TEST(QuizQuestions, ThreeQuestionsEachWithOneCorrectOptionAndItsWrongOnes) {
    ASSERT_EQ(quiz_questions().size(), 3u);
    std::set<BlockAlgorithm> seen;
    for (const QuizQuestion& question : quiz_questions()) {
        EXPECT_EQ(find_quiz_question(question.number), &question);
        EXPECT_GE(question.options.size(), 2u);
        EXPECT_LE(question.options.size(), 3u);
        int correct = 0;
        for (const QuizOption& option : question.options) {
            EXPECT_TRUE(seen.insert(option.algorithm).second) << name_of(option.algorithm);
            correct += option.correct ? 1 : 0;
            EXPECT_EQ(option.correct, !is_racy(option.algorithm)) << name_of(option.algorithm);
            EXPECT_FALSE(question.explanation.empty());
        }
        EXPECT_EQ(correct, 1) << question.title;
    }
    EXPECT_EQ(find_quiz_question(0), nullptr);
    EXPECT_EQ(find_quiz_question(4), nullptr);
    // every wrong kernel with a divergent sync is in a question
    for (const BlockAlgorithm algorithm : all_block_algorithms())
        if (has_divergent_sync(algorithm))
            EXPECT_EQ(seen.count(algorithm), 1u) << name_of(algorithm);
}

// Documented in docs/quiz.md: the step, the threads at each barrier, the lanes that skip the shuffle.
TEST(QuizVariants, TheReductionsBarrierInsideTheIfIsABarrierHalfTheBlockReaches) {
    const std::string_view path = "kernels/block/reduce_barrier_in_branch.cuh";
    const QuizOutcome outcome = emulate(1, "reduce-barrier-in-branch");
    ASSERT_EQ(outcome.result, QuizResult::detected_error) << describe(outcome);
    EXPECT_TRUE(contains(outcome.detail,
                         "barrier not reached by every thread, after step 1 ('iteration 1, stride 128"))
        << outcome.detail;
    // threads below the stride at the barrier inside the if, the others at the one before the store
    const int inside =
        line_of(path, "ctx.sync(step_tag(kFile, kReduceAddRightHalf.phase, __LINE__, iteration + 1");
    const int store = line_of(path, "ctx.sync(step_tag(kFile, kReduceStoreTotal.phase");
    ASSERT_GT(inside, 0);
    ASSERT_GT(store, 0);
    EXPECT_TRUE(
        contains(outcome.detail, "threads 0-127 wait at the barrier on line " + std::to_string(inside)))
        << outcome.detail;
    EXPECT_TRUE(
        contains(outcome.detail, "threads 128-255 wait at the barrier on line " + std::to_string(store)))
        << outcome.detail;
}

TEST(QuizVariants, TheScansBarrierInsideTheIfLeavesThreadsBelowTheOffsetAtTheNextIteration) {
    const std::string_view path = "kernels/block/hillis_steele_barrier_in_branch.cuh";
    const QuizOutcome outcome = emulate(2, "hillis-steele-barrier-in-branch");
    ASSERT_EQ(outcome.result, QuizResult::detected_error) << describe(outcome);
    const int top = line_of(path, "ctx.sync(step_tag(kFile, HillisSteele::kReadPartner.phase");
    const int inside = line_of(path, "ctx.sync(step_tag(kFile, HillisSteele::kCombineAndWrite.phase");
    EXPECT_TRUE(contains(outcome.detail, "after step 1 ('iteration 1, offset 1: read partner')"))
        << outcome.detail;
    EXPECT_TRUE(contains(outcome.detail, "thread 0 waits at the barrier on line " + std::to_string(top)))
        << outcome.detail;
    EXPECT_TRUE(
        contains(outcome.detail, "threads 1-255 wait at the barrier on line " + std::to_string(inside)))
        << outcome.detail;
}

TEST(QuizVariants, TheShuffleInsideTheBranchNamesTheLaneThatSkipsIt) {
    const QuizOutcome outcome = emulate(3, "warp-shuffle-in-branch");
    ASSERT_EQ(outcome.result, QuizResult::detected_error) << describe(outcome);
    const int shuffle = line_of("kernels/warp/warp_scan.cuh",
                                "const V received = ctx.shfl_up(x, delta, mask, step_tag(kWarpScanFile, "
                                "phase, __LINE__, round, delta));\n            x =");
    ASSERT_GT(shuffle, 0);
    EXPECT_TRUE(contains(outcome.detail, "warp 0 diverges at the shuffle on line " + std::to_string(shuffle) +
                                             " after step 0 ('load input into registers')"))
        << outcome.detail;
    EXPECT_TRUE(contains(outcome.detail, "its mask names lane 0, which does not take part in it"))
        << outcome.detail;
    EXPECT_TRUE(contains(outcome.detail, "(lane 0 waits at the barrier on line")) << outcome.detail;
}

TEST(QuizVariants, TheInPlaceScanIsWrongFromTheSecondWarpOnInTheEmulatorsWarpOrder) {
    const QuizOutcome outcome = emulate(2, "hillis-steele-racy");
    ASSERT_EQ(outcome.result, QuizResult::wrong_cells) << describe(outcome);
    EXPECT_EQ(outcome.cells, 256u);
    ASSERT_FALSE(outcome.first_wrong.empty());
    EXPECT_EQ(outcome.first_wrong.front().index, 32u);    // warp 0 reads before it writes, in lockstep
    EXPECT_EQ(outcome.first_wrong.front().expected, 33u); // all ones: the prefix is the position plus one
    EXPECT_NE(outcome.first_wrong.front().got, 33u);
    EXPECT_GT(outcome.wrong_count, 0u);
    EXPECT_LE(outcome.wrong_count, 224u);
}

TEST(QuizVariants, TheCorrectTwinsGiveTheReference) {
    for (const QuizQuestion& question : quiz_questions())
        for (const QuizOption& option : question.options) {
            if (!option.correct)
                continue;
            const QuizOutcome outcome = emulate_quiz_option(quiz_setup(question, option));
            EXPECT_EQ(outcome.result, QuizResult::correct)
                << name_of(option.algorithm) << ": " << describe(outcome);
            EXPECT_EQ(outcome.wrong_count, 0u);
        }
}

TEST(QuizVariants, EveryVerdictIsTheSameOnEveryRunAndTakesAtMostASecond) {
    for (const QuizQuestion& question : quiz_questions())
        for (const QuizOption& option : question.options) {
            QuizOutcome first = emulate_quiz_option(quiz_setup(question, option));
            EXPECT_LE(first.seconds, 1.0) << name_of(option.algorithm);
            for (int run = 0; run < 3; ++run) {
                QuizOutcome again = emulate_quiz_option(quiz_setup(question, option));
                EXPECT_LE(again.seconds, 1.0) << name_of(option.algorithm);
                again.seconds = first.seconds;
                EXPECT_EQ(again, first) << name_of(option.algorithm);
            }
        }
}

// What the emulator reports for a divergent sync does not depend on the warp order it runs in.
TEST(QuizVariants, EveryWarpOrderDetectsTheDivergentSync) {
    for (const BlockAlgorithm algorithm : all_block_algorithms()) {
        if (!has_divergent_sync(algorithm))
            continue;
        for (const WarpOrder order : all_warp_orders()) {
            ScanSetup setup = quiz_questions()[0].setup;
            setup.algorithm = algorithm;
            setup.warp_order = order;
            EXPECT_EQ(emulate_quiz_option(setup).result, QuizResult::detected_error)
                << name_of(algorithm) << " " << name_of(order);
        }
    }
}

TEST(QuizFragments, EveryOptionsFragmentIsInItsKernelsSource) {
    for (const QuizQuestion& question : quiz_questions())
        for (const QuizOption& option : question.options) {
            const QuizFragment fragment = quiz_fragment(option.source_path, option.fragment);
            ASSERT_GE(fragment.lines.size(), 3u) << option.fragment;
            EXPECT_TRUE(fragment.lines.front().starts_with("for (")) << fragment.lines.front();
            EXPECT_EQ(fragment.lines.back(), "}");
            const std::string_view source = kernel_source_text(option.source_path);
            for (const std::string& line : fragment.lines) {
                EXPECT_EQ(line.find("quiz:"), std::string::npos) << line; // the markers are cut off
                EXPECT_NE(source.find(line), std::string_view::npos) << line;
            }
            // the first line is the marked one (the warp scan's two fragments begin with the same loop)
            const std::string marked = "// <quiz:" + std::string(option.fragment) + ">";
            EXPECT_EQ(line_of(option.source_path, marked), fragment.first_line) << option.fragment;
        }
}

TEST(QuizFragments, MarkersAreFoundOnlyInOrderAndIndentationIsRemoved) {
    const std::string text = "a\n    x; // <quiz:f>\n      y;\n    z; // </quiz:f>\nb\n";
    const QuizFragment fragment = quiz_fragment_of(text, "f");
    EXPECT_EQ(fragment.lines, (std::vector<std::string>{"x;", "  y;", "z;"}));
    EXPECT_EQ(fragment.first_line, 2);
    EXPECT_TRUE(quiz_fragment_of(text, "g").lines.empty());
    EXPECT_TRUE(quiz_fragment_of("x; // </quiz:f>\ny; // <quiz:f>\n", "f").lines.empty());
    EXPECT_EQ(quiz_fragment_of("x; // </quiz:f>\ny; // <quiz:f>\n", "f").first_line, 0);
}

TEST(QuizFragments, AsCudaTheContextsCallsAreTheIntrinsicsTheyStandFor) {
    EXPECT_EQ(as_cuda("ctx.sync(step_tag(kFile, kReadPartner.phase, __LINE__, iteration, offset));"),
              "__syncthreads();");
    EXPECT_EQ(as_cuda("    const V received = ctx.shfl_up(x, delta, mask, step_tag(kWarpScanFile, phase, "
                      "__LINE__, round, delta));"),
              "    T received = __shfl_up_sync(mask, x, delta);");
    EXPECT_EQ(as_cuda("s[i] = Op::apply(s[i], s[i + stride]);"), "s[i] = s[i] + s[i + stride];");
    EXPECT_EQ(as_cuda("if (lane >= static_cast<std::uint32_t>(delta))"), "if (lane >= delta)");
    EXPECT_EQ(as_cuda("for (int offset = 1; offset < io.n; offset *= 2, ++iteration) {"),
              "for (int offset = 1; offset < n; offset *= 2) {");
    EXPECT_EQ(as_cuda("    V partner = Op::identity();"), "    T partner = 0;");
    EXPECT_EQ(as_cuda("x = Op::apply(ctx.shfl_up(x, 1, m, t), x);"), "x = __shfl_up_sync(m, x, 1) + x;");
    EXPECT_EQ(as_cuda("broken ctx.sync(unclosed"), "broken ctx.sync(unclosed"); // left as it is
    EXPECT_TRUE(is_comment_line("   // WRONG: …"));
    EXPECT_FALSE(is_comment_line("x = 1; // trailing"));
    EXPECT_FALSE(is_comment_line(""));
}

// Issue 33, point 6: a fragment's line too long for its column is cut between tokens only. Every line of
// every fragment, as CUDA and as the source, at every width from 8 to 60 characters: the pieces hold the
// line's tokens whole and in order, each piece within the width unless it is one token, the pieces after
// the first indented 4 more than the line. Dear ImGui's word wrap gave "stride /" and "/= 2) {".
std::vector<std::string> tokens_of(const std::string& text) {
    std::vector<std::string> tokens;
    std::size_t at = 0;
    while ((at = text.find_first_not_of(' ', at)) != std::string::npos) {
        const std::size_t end = std::min(text.find(' ', at), text.size());
        tokens.push_back(text.substr(at, end - at));
        at = end;
    }
    return tokens;
}

TEST(QuizFragments, LongLinesWrapBetweenTokensOnly) {
    int wrapped = 0;
    for (const QuizQuestion& question : quiz_questions())
        for (const QuizOption& option : question.options)
            for (const std::string& source_line : quiz_fragment(option.source_path, option.fragment).lines)
                for (const std::string& line : {source_line, as_cuda(source_line)})
                    for (std::size_t width = 8; width <= 60; ++width) {
                        const std::vector<std::string> pieces = wrap_code_line(line, width);
                        ASSERT_FALSE(pieces.empty());
                        std::vector<std::string> joined;
                        const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
                        for (std::size_t p = 0; p < pieces.size(); ++p) {
                            const std::vector<std::string> t = tokens_of(pieces[p]);
                            EXPECT_TRUE(pieces[p].size() <= width || t.size() == 1)
                                << line << " at " << width;
                            if (p > 0)
                                EXPECT_EQ(pieces[p].find_first_not_of(' '), indent + 4) << pieces[p];
                            joined.insert(joined.end(), t.begin(), t.end());
                        }
                        EXPECT_EQ(joined, tokens_of(line)) << line << " at " << width;
                        wrapped += pieces.size() > 1;
                    }
    EXPECT_GT(wrapped, 100) << "the widths cut many lines";
    EXPECT_EQ(wrap_code_line("    for (int offset = 1; offset < n; offset *= 2) {", 24),
              (std::vector<std::string>{"    for (int offset = 1;", "        offset < n;",
                                        "        offset *= 2) {"}));
}

// Issue 33, point 6: every source line a verdict cites ("waits at the barrier on line 44") is one the quiz
// screen numbers: a line of the fragment, or one shown under it (cited_lines_outside: question 3's lane 0
// waits at a barrier on line 78, after the fragment). The fragments showed no numbers at all before.
TEST(QuizFragments, EveryLineAVerdictCitesIsAFragmentLine) {
    int cited = 0;
    const std::regex line_number(R"(line (\d+)( of ([\w.]+\w))?)");
    for (const QuizQuestion& question : quiz_questions())
        for (const QuizOption& option : question.options) {
            const QuizFragment fragment = quiz_fragment(option.source_path, option.fragment);
            ASSERT_GT(fragment.first_line, 0) << option.fragment;
            const QuizOutcome outcome = emulate_quiz_option(quiz_setup(question, option));
            const std::string text = describe(outcome);
            const std::vector<CitedLine> outside = cited_lines_outside(option.source_path, fragment, text);
            for (auto it = std::sregex_iterator(text.begin(), text.end(), line_number);
                 it != std::sregex_iterator(); ++it) {
                const int line = std::stoi((*it)[1]);
                const std::string file = (*it)[3];
                const bool in_fragment = file.empty() && line >= fragment.first_line &&
                                         line < fragment.first_line + static_cast<int>(fragment.lines.size());
                const bool shown_under = std::any_of(outside.begin(), outside.end(), [&](const CitedLine& c) {
                    return c.number == line && c.file == file && !c.text.empty();
                });
                EXPECT_TRUE(in_fragment || shown_under)
                    << "line " << line << " of " << text << " in " << option.source_path << " from "
                    << fragment.first_line << " (" << fragment.lines.size()
                    << " lines), cited outside: " << outside.size();
                ++cited;
            }
        }
    EXPECT_GE(cited, 2) << "question 2's B cites the two barriers";
}

TEST(QuizDivergentSync, TheGpuIsRefusedInThisProcessWithTheReason) {
    for (const BlockAlgorithm algorithm : all_block_algorithms()) {
        if (!has_divergent_sync(algorithm))
            continue;
        const std::string reason = divergent_sync_refusal(algorithm);
        EXPECT_TRUE(contains(reason, std::string(name_of(algorithm)))) << reason;
        EXPECT_TRUE(contains(reason, "child process")) << reason;
        ScanSetup setup = quiz_questions()[0].setup;
        setup.algorithm = algorithm;
        setup.device = DeviceChoice::gpu; // refused before any GPU is looked for: here, where there is none
        try {
            capture_trace(setup);
            ADD_FAILURE() << name_of(algorithm) << " was traced on the GPU in this process";
        } catch (const ScanSetupError& e) {
            EXPECT_EQ(std::string(e.what()), reason);
        }
    }
}

} // namespace
} // namespace prefixlab::test
