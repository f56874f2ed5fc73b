// The quiz's outcomes file (issue 16): what is written reads back, the shipped H100 file reads and holds
// every wrong variant, and a malformed file is one line naming the problem.
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/quiz/quiz_outcomes_file.hpp"
#include "core/quiz/quiz_questions.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

namespace prefixlab::test {
namespace {

QuizOutcomes sample() {
    QuizOutcomes outcomes;
    outcomes.device = "NVIDIA H100 80GB HBM3";
    outcomes.driver = "580.159.04";
    outcomes.date = "2026-11-24T12:00:00Z";
    outcomes.command = "prefixlab quiz --device gpu --out x.json";
    QuizOutcomeRecord hung;
    hung.algorithm = parse_block_algorithm("reduce-barrier-in-branch").value();
    hung.n = 256;
    hung.outcome.result = QuizResult::hung;
    hung.outcome.seconds = 10.02;
    hung.outcome.timeout_s = 10;
    hung.outcome.synccheck = "hung under synccheck (killed after 60.0 s)";
    QuizOutcomeRecord wrong;
    wrong.algorithm = parse_block_algorithm("hillis-steele-racy").value();
    wrong.n = 256;
    wrong.outcome.result = QuizResult::wrong_cells;
    wrong.outcome.cells = 256;
    wrong.outcome.wrong_count = 12;
    wrong.outcome.first_wrong = {{32, 49, 33}, {33, 50, 34}};
    wrong.outcome.racecheck = "racecheck: RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)";
    outcomes.runs = {hung, wrong};
    return outcomes;
}

std::string text_of(const QuizOutcomes& outcomes) {
    std::ostringstream out;
    write_quiz_outcomes(outcomes, out);
    return out.str();
}

std::string error_of(const std::string& text) {
    try {
        read_quiz_outcomes(text);
    } catch (const QuizOutcomesFileError& e) {
        return e.what();
    }
    return "";
}

TEST(QuizOutcomesFile, WhatIsWrittenReadsBack) {
    const QuizOutcomes outcomes = sample();
    EXPECT_EQ(read_quiz_outcomes(text_of(outcomes)), outcomes);
    ScanSetup setup;
    setup.algorithm = outcomes.runs[1].algorithm;
    setup.n = 256;
    setup.input = InputKind::ones;
    ASSERT_NE(find_quiz_run(outcomes, setup), nullptr);
    EXPECT_EQ(find_quiz_run(outcomes, setup)->outcome.wrong_count, 12u);
    setup.n = 255;
    EXPECT_EQ(find_quiz_run(outcomes, setup), nullptr);
}

TEST(QuizOutcomesFile, AMalformedFileIsOneLineNamingTheProblem) {
    const std::string good = text_of(sample());
    const auto replaced = [&](const std::string& from, const std::string& to) {
        std::string text = good;
        const std::size_t at = text.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return text.replace(at, from.size(), to);
    };
    EXPECT_NE(error_of("not json").find("not valid JSON"), std::string::npos);
    EXPECT_NE(error_of(replaced("\"prefixlab-quiz-outcomes\"", "\"other\"")).find("format"), std::string::npos);
    EXPECT_NE(error_of(replaced("\"hung\"", "\"exploded\"")).find("runs[0].result: unknown value"), std::string::npos)
        << error_of(replaced("\"hung\"", "\"exploded\""));
    EXPECT_NE(error_of(replaced("\"reduce-barrier-in-branch\"", "\"nope\"")).find("runs[0].algorithm"),
              std::string::npos);
    EXPECT_NE(error_of(replaced("\"n\": 256", "\"n\": 5000")).find("runs[0].n"), std::string::npos);
    EXPECT_NE(error_of(replaced("\"seconds\": 10.02", "\"seconds\": -1")).find("runs[0].seconds"), std::string::npos);
    EXPECT_NE(error_of(replaced("\"driver\"", "\"drivers\"")).find("unknown field"), std::string::npos);
    EXPECT_NE(error_of(replaced("580.159.04", "580\\u0007")).find("control bytes"), std::string::npos);
    nlohmann::json edited = nlohmann::json::parse(good);
    edited["runs"][1]["first_wrong"][0][0] = 999; // past N
    EXPECT_NE(error_of(edited.dump()).find("runs[1].first_wrong[0][0]"), std::string::npos) << error_of(edited.dump());
    EXPECT_NE(error_of(std::string(100, '[')).find("deeper"), std::string::npos) << error_of(std::string(100, '['));
    for (const std::string& message :
         {error_of("not json"), error_of(replaced("\"hung\"", "\"exploded\""))})
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(QuizOutcomesFile, TheShippedH100FileReadsAndHoldsEveryOption) {
    const std::string path = std::string(PREFIXLAB_SOURCE_DIR) + "/assets/quiz/h100-quiz-outcomes.json";
    if (!std::filesystem::exists(path))
        GTEST_SKIP() << "SKIPPED: no shipped outcomes yet at " << path;
    const QuizOutcomes shipped = load_quiz_outcomes_file(path);
    EXPECT_NE(shipped.device.find("H100"), std::string::npos) << shipped.device;
    EXPECT_FALSE(shipped.driver.empty());
    EXPECT_FALSE(shipped.date.empty());
    for (const QuizQuestion& question : quiz_questions())
        for (const QuizOption& option : question.options) {
            const QuizOutcomeRecord* run = find_quiz_run(shipped, quiz_setup(question, option));
            ASSERT_NE(run, nullptr) << name_of(option.algorithm);
            if (option.correct)
                EXPECT_EQ(run->outcome.result, QuizResult::correct) << name_of(option.algorithm);
            else
                EXPECT_NE(run->outcome.result, QuizResult::not_run) << name_of(option.algorithm);
        }
}

TEST(QuizOutcomesFile, AFileThatIsNotThereOrNotRegularIsRefusedWithItsPath) {
    try {
        load_quiz_outcomes_file("/nonexistent/outcomes.json");
        ADD_FAILURE() << "read a file that is not there";
    } catch (const QuizOutcomesFileError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/outcomes.json"), std::string::npos) << e.what();
    }
    EXPECT_THROW(load_quiz_outcomes_file("/dev/zero"), QuizOutcomesFileError);
}

} // namespace
} // namespace prefixlab::test
