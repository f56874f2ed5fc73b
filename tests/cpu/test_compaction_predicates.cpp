// Your own data and a predicate (issue 34, point 1), in the emulator: compact and split with every
// predicate (nonzero, odd, even, less-than:K, greater-than:K) × element type × N ∈ {1, 31, 33, 1000,
// 1024} give std::copy_if's and std::stable_partition's outputs (the predicates written again in the
// test, tests/support/compaction_support.hpp); the multi-block compaction takes the predicate too; the
// seed's example (values 10,0,3,9,2,0,1,2, keep nonzero) makes 10 3 9 2 1 2 and its narration names
// "x ≠ 0"; lists and predicates are read, refused with one line naming the value, and kept by trace
// files, scenes and lessons. The GPU side: tests/gpu/test_gpu_compaction.cpp.
#include "core/analysis/step_narration.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/emulator/emulate_block_scan.hpp"
#include "core/emulator/emulate_grid_compact.hpp"
#include "core/ground/input_values.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/output_check.hpp"
#include "core/lesson/lesson.hpp"
#include "core/scene/scene.hpp"
#include "core/trace/trace_json.hpp"
#include "support/catalogue_ids.hpp"
#include "support/compaction_support.hpp"
#include "support/scan_test_support.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <sstream>

namespace prefixlab::test {
namespace {

std::string describe(BlockAlgorithm algorithm, ElementType type, const KeepPredicate& keep, int n) {
    return std::string(name_of(algorithm)) + " " + std::string(name_of(type)) + " keep " + name_of(keep) +
           " n=" + std::to_string(n);
}

TEST(CompactionPredicates, EveryPredicateTypeAndSizeIsCopyIfAndStablePartition) {
    for (BlockAlgorithm algorithm : {kernel_id("compact"), kernel_id("split")})
        for (ElementType type : all_element_types())
            for (const KeepPredicate& keep : every_predicate())
                for (int n : {1, 31, 33, 1000, 1024}) {
                    const std::string what = describe(algorithm, type, keep, n);
                    BlockRequest request = make_request(algorithm, n, InputKind::iota, 1, type);
                    request.input = input_around_bounds(type, n, static_cast<std::uint32_t>(n * 7 + 1));
                    request.keep = keep;
                    const RawTrace raw = emulate_block_scan(request);
                    const auto kept_by = std_predicate(type, keep);
                    const std::vector<std::uint32_t> kept = std_compacted(request.input, kept_by);
                    ASSERT_EQ(raw.output.size(), request.input.size()) << what;
                    if (algorithm == kernel_id("split")) {
                        EXPECT_EQ(raw.output, std_split(request.input, kept_by)) << what;
                    } else {
                        EXPECT_TRUE(std::equal(kept.begin(), kept.end(), raw.output.begin())) << what;
                        for (std::size_t i = kept.size(); i < raw.output.size(); ++i)
                            ASSERT_EQ(raw.output[i], kUnwrittenPattern)
                                << what << ": output " << i << " written";
                    }
                    EXPECT_EQ(check_kernel_output(kind_of(algorithm), type, ScanOperator::add, false,
                                                  request.input, raw.output, keep)
                                  .wrong_count,
                              0u)
                        << what;
                    if (n >= 1000) // the inputs make every predicate keep some and drop some
                        EXPECT_TRUE(!kept.empty() && kept.size() < request.input.size()) << what;
                }
}

TEST(CompactionPredicates, TheMultiBlockCompactionTakesThePredicate) {
    for (ElementType type : all_element_types())
        for (const KeepPredicate& keep : every_predicate())
            for (bool split : {false, true}) {
                GridCompactRequest request;
                request.type = type;
                request.split = split;
                request.keep = keep;
                request.threads = 64;
                request.input = input_around_bounds(type, 3001, 11);
                const GridCompactResult result = emulate_grid_compact(request, GridSchedule{});
                const auto kept_by = std_predicate(type, keep);
                const std::vector<std::uint32_t> kept = std_compacted(request.input, kept_by);
                const std::string what = std::string(split ? "split " : "compact ") +
                                         std::string(name_of(type)) + " keep " + name_of(keep);
                EXPECT_EQ(result.kept, kept.size()) << what;
                if (split)
                    EXPECT_EQ(result.output, std_split(request.input, kept_by)) << what;
                else
                    EXPECT_TRUE(std::equal(kept.begin(), kept.end(), result.output.begin())) << what;
            }
}

ScanSetup seed_example(BlockAlgorithm kernel) {
    ScanSetup setup = make_capture(kernel, 8, InputKind::values, 1, DeviceChoice::cpu);
    setup.values = "10,0,3,9,2,0,1,2";
    setup.keep = KeepPredicate{KeepRule::nonzero, 0};
    return setup;
}

TEST(CompactionPredicates, TheSeedsExampleKeepsTheNonZeroElementsAndTheNarrationSaysSo) {
    const ScanSetup setup = seed_example(kernel_id("compact"));
    validate_scan_setup(setup);
    const Trace trace = capture_trace(setup).trace;
    const std::uint32_t u = kUnwrittenPattern;
    EXPECT_EQ(trace.input, (std::vector<std::uint32_t>{10, 0, 3, 9, 2, 0, 1, 2}));
    EXPECT_EQ(trace.output, (std::vector<std::uint32_t>{10, 3, 9, 2, 1, 2, u, u}));
    EXPECT_EQ(trace.check.wrong_count, 0u);
    const std::vector<StepNarration> narration = narrate_steps(trace);
    ASSERT_FALSE(narration.empty());
    EXPECT_NE(narration.front().what.find("Keep the elements where x ≠ 0"), std::string::npos)
        << narration.front().what;
    EXPECT_NE(narration.back().what.find("(x ≠ 0)"), std::string::npos) << narration.back().what;
    EXPECT_EQ(narration.front().what.find("{keep}"), std::string::npos);

    const Trace split = capture_trace(seed_example(kernel_id("split"))).trace;
    EXPECT_EQ(split.output, (std::vector<std::uint32_t>{10, 3, 9, 2, 1, 2, 0, 0}));

    ScanSetup below_five = seed_example(kernel_id("compact"));
    below_five.keep = KeepPredicate{KeepRule::less_than, 5};
    EXPECT_EQ(capture_trace(below_five).trace.output, (std::vector<std::uint32_t>{0, 3, 2, 0, 1, 2, u, u}));
    EXPECT_NE(narrate_steps(capture_trace(below_five).trace).front().what.find("where x < 5"),
              std::string::npos);
}

TEST(CompactionPredicates, PredicateNamesReadBackAndBadOnesSayWhy) {
    for (const KeepPredicate& keep : every_predicate()) {
        std::string problem;
        EXPECT_EQ(parse_keep_predicate(name_of(keep), problem), keep) << name_of(keep);
    }
    EXPECT_EQ(name_of(KeepPredicate{KeepRule::greater_than, -2.5}), "greater-than:-2.5");
    EXPECT_EQ(condition_of(KeepPredicate{KeepRule::nonzero, 0}), "x ≠ 0");
    EXPECT_EQ(condition_of(KeepPredicate{KeepRule::less_than, 5}), "x < 5");
    const std::pair<const char*, const char*> bad[] = {
        {"less-than", "needs a bound"},    {"odd:3", "takes no bound"},
        {"less-than:abc", "'abc' is not"}, {"greater-than:inf", "not a finite"},
        {"positive", "unknown predicate"}, {"", "unknown predicate"},
        {"less-than:", "needs a bound"},   {"less-than:5x", "'5x' is not"},
    };
    for (const auto& [text, expected] : bad) {
        std::string problem;
        EXPECT_FALSE(parse_keep_predicate(text, problem)) << text;
        EXPECT_NE(problem.find(expected), std::string::npos) << text << ": " << problem;
        EXPECT_EQ(problem.find('\n'), std::string::npos);
    }
}

TEST(InputValues, ListsReadAsTheirTypeAndABadValueIsNamedWithItsPosition) {
    EXPECT_EQ(parse_input_values("10, 0,3 ,+9", ElementType::int32),
              (std::vector<std::uint32_t>{10, 0, 3, 9}));
    EXPECT_EQ(parse_input_values("-1,2147483647", ElementType::int32),
              (std::vector<std::uint32_t>{0xffffffffu, 0x7fffffffu}));
    EXPECT_EQ(parse_input_values("4294967295", ElementType::uint32),
              (std::vector<std::uint32_t>{0xffffffffu}));
    EXPECT_EQ(parse_input_values("2.5,-0", ElementType::float32),
              (std::vector<std::uint32_t>{to_bits(2.5f), to_bits(-0.0f)}));
    EXPECT_EQ(input_values_text(ElementType::float32, parse_input_values("0.1,2.5,-3", ElementType::float32)),
              "0.1,2.5,-3");
    EXPECT_EQ(input_values_text(ElementType::int32, {10, 0, 0xffffffffu}), "10,0,-1");
    const struct {
        const char* text;
        ElementType type;
        const char* expected;
    } bad[] = {
        {"1,2.5,3", ElementType::int32, "value 2, '2.5', is not an int32"},
        {"1,,2", ElementType::int32, "value 2 is empty"},
        {"1,2,", ElementType::int32, "value 3 is empty"},
        {"-1", ElementType::uint32, "value 1, '-1', is not a uint32"},
        {"1,2147483648", ElementType::int32, "value 2, '2147483648', is not an int32"},
        {"1e40", ElementType::float32, "value 1, '1e40', is not a float"},
        {"nan", ElementType::float32, "value 1, 'nan', is not a float"},
        {"   ", ElementType::float32, "the list of values is empty"},
        {"1,x\x01y", ElementType::int32, "value 2, 'x?y', is not"},
    };
    for (const auto& b : bad) {
        try {
            (void)parse_input_values(b.text, b.type);
            ADD_FAILURE() << b.text << " was read";
        } catch (const InputValuesError& e) {
            EXPECT_NE(std::string(e.what()).find(b.expected), std::string::npos)
                << b.text << ": " << e.what();
        }
    }
    std::string many = "1";
    for (std::size_t i = 0; i < kMaxInputValues; ++i)
        many += ",1";
    EXPECT_THROW((void)parse_input_values(many, ElementType::int32), InputValuesError);
}

TEST(InputValues, TheSetupChecksTheListAgainstItsTypeAndN) {
    ScanSetup setup = seed_example(kernel_id("compact"));
    EXPECT_NO_THROW(validate_scan_setup(setup));
    setup.n = 9;
    try {
        validate_scan_setup(setup);
        ADD_FAILURE() << "N = 9 for 8 values was accepted";
    } catch (const ScanSetupError& e) {
        EXPECT_EQ(e.setting(), ScanSetting::values);
        EXPECT_NE(std::string(e.what()).find("the list has 8 values"), std::string::npos) << e.what();
    }
    setup = seed_example(kernel_id("compact"));
    setup.values = "10,0,3,9,2,0,1,2.5";
    EXPECT_THROW(validate_scan_setup(setup), ScanSetupError);
    setup.type = ElementType::float32;
    EXPECT_NO_THROW(validate_scan_setup(setup));
}

TEST(InputValues, TraceFilesScenesAndLessonsKeepTheListAndThePredicate) {
    const Trace trace = capture_trace(seed_example(kernel_id("compact"))).trace;
    std::stringstream file;
    write_trace_json(trace, file);
    EXPECT_NE(file.str().find("\"keep\":\"nonzero\""), std::string::npos);
    const Trace back = read_trace_json(file);
    EXPECT_EQ(back.config.keep, (KeepPredicate{KeepRule::nonzero, 0}));
    EXPECT_EQ(back.config.input_kind, InputKind::values);
    EXPECT_EQ(first_difference(back, trace), "");
    EXPECT_EQ(request_like(back, ScanSetup{}).values, "10,0,3,9,2,0,1,2");
    // a scan's trace has no predicate to name
    const Trace scan =
        capture_trace(make_capture(kernel_id("hillis-steele"), 8, InputKind::iota, 1, DeviceChoice::cpu))
            .trace;
    std::stringstream scan_file;
    write_trace_json(scan, scan_file);
    EXPECT_EQ(scan_file.str().find("\"keep\""), std::string::npos);
    std::string edited = scan_file.str();
    edited.insert(edited.find("\"kernel_source\""), "\"keep\": \"odd\", ");
    std::stringstream edited_file(edited);
    EXPECT_THROW((void)read_trace_json(edited_file), TraceFormatError);

    // a lesson: the list gives N, the predicate is read by name, and a bad one names its line
    const std::string lesson_text =
        "# Compaction\n\n## The seed's data\n\n```scene\ncapture.algorithm: compact\n"
        "capture.input: values\ncapture.values: 10,0,3,9,2,0,1,2\ncapture.keep: nonzero\n"
        "```\n\nKeep the non-zero ones.\n";
    const Lesson lesson = lesson_from_markdown(lesson_text, "seed.md");
    ASSERT_EQ(lesson.scenes.size(), 1u);
    EXPECT_EQ(lesson.scenes[0].scene.capture.n, 8);
    EXPECT_EQ(lesson.scenes[0].scene.capture.values, "10,0,3,9,2,0,1,2");
    EXPECT_EQ(lesson.scenes[0].scene.capture.keep, (KeepPredicate{KeepRule::nonzero, 0}));
    EXPECT_EQ(lesson_from_markdown(lesson_to_markdown(lesson), "again.md").scenes[0].scene,
              lesson.scenes[0].scene);
    std::string bad_keep = lesson_text;
    bad_keep.replace(bad_keep.find("nonzero"), 7, "positive");
    try {
        (void)lesson_from_markdown(bad_keep, "seed.md");
        ADD_FAILURE() << "keep: positive was read";
    } catch (const LessonFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("line 9"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("unknown predicate"), std::string::npos) << e.what();
    }
    std::string bad_value = lesson_text;
    bad_value.replace(bad_value.find("3,9"), 3, "3,x");
    try {
        (void)lesson_from_markdown(bad_value, "seed.md");
        ADD_FAILURE() << "a list with x was read";
    } catch (const LessonFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("line 8"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("value 4, 'x', is not an int32"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace prefixlab::test
