// Compaction and split across blocks (issue 15, kernels/grid/grid_compact_plan.hpp) in the emulator:
// every element type, N ∈ {1, 31, 33, 1000, 1024} with 32-thread blocks (up to 9 tiles, a spine of
// two levels) and 2^20 with 256-thread blocks, 1%, 50% and 99% of the elements kept, blocks started in
// order and reversed: compaction's output is std::copy_if's, the rest unwritten, and its kept count is
// std::count_if's; split's is std::stable_partition's. Threads the rule refuses are refused.
#include "core/emulator/emulate_grid_compact.hpp"
#include "support/compaction_support.hpp"
#include "support/sanitizer.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab::test {
namespace {

void expect_std_result(ElementType type, bool split, std::size_t n, int percent, int threads, const GridSchedule& schedule) {
    GridCompactRequest request;
    request.type = type;
    request.split = split;
    request.threads = threads;
    request.input = input_with_kept_share(type, static_cast<int>(n), percent, static_cast<std::uint32_t>(n * 7 + percent));
    const std::string what = std::string(split ? "split " : "compact ") + std::string(name_of(type)) + " n=" +
                             std::to_string(n) + " " + std::to_string(percent) + "% threads=" + std::to_string(threads);
    const GridCompactResult result = emulate_grid_compact(request, schedule);
    const std::vector<std::uint32_t> kept = std_compacted(request.input);
    EXPECT_EQ(result.kept, kept.size()) << what;
    ASSERT_EQ(result.output.size(), n) << what;
    if (split) {
        EXPECT_EQ(result.output, std_split(request.input)) << what;
        return;
    }
    EXPECT_TRUE(std::equal(kept.begin(), kept.end(), result.output.begin())) << what;
    EXPECT_TRUE(std::all_of(result.output.begin() + std::ptrdiff_t(kept.size()), result.output.end(),
                            [](std::uint32_t bits) { return bits == kUnwrittenPattern; }))
        << what << ": a word past the kept ones was written";
}

TEST(GridCompaction, EveryTypeShareAndSizeGivesCopyIfAndStablePartition) {
    for (bool split : {false, true})
        for (ElementType type : all_element_types())
            for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(1000), std::size_t(1024)})
                for (int percent : {1, 50, 99})
                    for (BlockStartOrder order : {BlockStartOrder::in_order, BlockStartOrder::reversed})
                        expect_std_result(type, split, n, percent, 32, GridSchedule{4, order, 0});
}

// About 2 s a run in a release build (2^18 emulated threads over three launches).
TEST(GridCompaction, TwoToTheTwentyElementsGiveCopyIfAndStablePartition) {
    if (kUnderAddressSanitizer)
        GTEST_SKIP() << "N = 2^20 runs in the main job's release build (minutes under AddressSanitizer)";
    for (bool split : {false, true})
        for (int percent : {1, 50, 99})
            expect_std_result(ElementType::uint32, split, std::size_t(1) << 20, percent, 256, GridSchedule{});
}

TEST(GridCompaction, ThreadsTheRuleRefusesAndNoElementsAreRefused) {
    GridCompactRequest request;
    request.input = {1, 2, 3};
    for (int threads : {0, 16, 33, 1056, 2048}) {
        request.threads = threads;
        EXPECT_THROW(emulate_grid_compact(request, GridSchedule{}), std::invalid_argument) << threads;
    }
    request.threads = 64;
    request.input.clear();
    EXPECT_THROW(emulate_grid_compact(request, GridSchedule{}), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
