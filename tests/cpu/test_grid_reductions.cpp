// Multi-block reductions in the emulator (issue 15, kernels/grid/grid_reduce_plan.hpp): every block
// reduction of the catalogue × finish (recursive, atomic, CPU) × element type × operator at N ∈ {1, 31,
// 33, 1000, 1024, 2^20} gives the CPU reference's total (float sums within check_reduction_output's
// bound; integers, max and min exactly); the recursive finish launches a level per factor of the tile;
// what the entry point refuses.
#include "core/emulator/emulate_grid_reduce.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/reference_scan.hpp"
#include "support/grid_reduce_support.hpp"
#include "support/sanitizer.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace prefixlab::test {
namespace {

const ReduceFinish kFinishes[] = {ReduceFinish::recursive, ReduceFinish::atomic, ReduceFinish::cpu};

GridReduceRequest request_for(BlockAlgorithm algorithm, ReduceFinish finish, std::size_t n, ElementType type,
                              ScanOperator op, int threads) {
    return reduce_request(algorithm, finish, n, type, op, threads, 7 + n);
}

// The emulated total, checked as a reduction's output[0] against the serial reference.
void expect_reference_total(const GridReduceRequest& request, const GridSchedule& schedule) {
    const std::uint32_t total = emulate_grid_reduce(request, schedule);
    const OutputCheck check = check_reduction_output(request.type, request.op, request.input, {total});
    EXPECT_EQ(check.wrong_count, 0u) << describe(request) << ": total " << total << ", reference " << check.reference[0];
}

class GridReduction : public ::testing::TestWithParam<BlockAlgorithm> {};

TEST_P(GridReduction, EveryFinishTypeOperatorAndSizeGivesTheReferenceTotal) {
    const BlockAlgorithm algorithm = GetParam();
    // 32 threads a block: the most tiles, so the most levels, for each N (2^20 in 8-element tiles:
    // 4096 tiles of 256, then 16, then 1)
    for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(1000), std::size_t(1024)})
        for (ReduceFinish finish : kFinishes)
            for (ElementType type : all_element_types())
                for (ScanOperator op : all_scan_operators())
                    expect_reference_total(request_for(algorithm, finish, n, type, op, 32), GridSchedule{});
}

// About 15 s a kernel in a release build (the emulator runs all 2^20 threads of kernels 1 to 3 as
// fibers: 28 s each), five times that under AddressSanitizer. The sanitizer job leaves it to the main
// job: the sizes above already take the recursive finish through three levels, the same code paths.
TEST_P(GridReduction, TwoToTheTwentyElementsGiveTheReferenceTotal) {
    if (kUnderAddressSanitizer)
        GTEST_SKIP() << "N = 2^20 runs in the main job's release build (minutes under AddressSanitizer)";
    const BlockAlgorithm algorithm = GetParam();
    for (ReduceFinish finish : kFinishes)
        for (ElementType type : all_element_types())
            for (ScanOperator op : all_scan_operators())
                expect_reference_total(request_for(algorithm, finish, std::size_t(1) << 20, type, op, 256),
                                       GridSchedule{});
}

// Recursive: a level per factor of the tile, each named, the last of one tile; atomic and CPU: one.
TEST(GridReductionLaunches, TheRecursiveFinishLaunchesALevelPerFactorOfTheTile) {
    const BlockAlgorithm algorithm = reductions().front(); // one element a thread: tile = threads
    const std::vector<std::pair<std::size_t, std::vector<std::string>>> cases = {
        {32, {"reduce the tile"}},
        {33, {"reduce tiles", "reduce the totals (level 1): reduce the tile"}},
        {1024, {"reduce tiles", "reduce the totals (level 1): reduce the tile"}},
        {1025, {"reduce tiles", "reduce the totals (level 1): reduce tiles", "reduce the totals (level 2): reduce the tile"}}};
    for (const auto& [n, names] : cases) {
        GridRecording recording;
        const GridReduceRequest request = request_for(algorithm, ReduceFinish::recursive, n, ElementType::uint32,
                                                      ScanOperator::add, 32);
        emulate_grid_reduce(request, GridSchedule{}, &recording);
        ASSERT_EQ(recording.launches.size(), names.size()) << "n=" << n;
        for (std::size_t l = 0; l < names.size(); ++l)
            EXPECT_EQ(recording.launches[l].name, names[l]) << "n=" << n;
        EXPECT_EQ(recording.launches.front().blocks, (n + 31) / 32) << "n=" << n;
    }
    for (ReduceFinish finish : {ReduceFinish::atomic, ReduceFinish::cpu}) {
        GridRecording recording;
        emulate_grid_reduce(request_for(algorithm, finish, 1025, ElementType::uint32, ScanOperator::add, 32),
                            GridSchedule{}, &recording);
        ASSERT_EQ(recording.launches.size(), 1u) << name_of(finish);
        EXPECT_EQ(recording.launches[0].blocks, 33u);
    }
}

// The longest path of a float sum's bound: a level's share and tree, once per launch of the recursive
// finish (counted from the recording), plus one combine per tile after it for the atomic and CPU finishes.
TEST(GridReductionLaunches, TheLongestPathFollowsTheLaunches) {
    const BlockAlgorithm algorithm = reductions().back(); // 8 elements a thread
    const int items = 8, threads = 32;
    const std::size_t level = (items - 1) + 5; // 7 in registers, log2(32) in the tree
    for (std::size_t n : {std::size_t(1), std::size_t(256), std::size_t(257), std::size_t(70000)}) {
        GridRecording recording;
        emulate_grid_reduce(request_for(algorithm, ReduceFinish::recursive, n, ElementType::float32, ScanOperator::add,
                                        threads),
                            GridSchedule{}, &recording);
        EXPECT_EQ(grid_reduce_longest_path(ReduceFinish::recursive, n, threads, items), recording.launches.size() * level)
            << n;
        const std::size_t tiles = (n + 255) / 256;
        EXPECT_EQ(grid_reduce_longest_path(ReduceFinish::atomic, n, threads, items), level + tiles - 1) << n;
        EXPECT_EQ(grid_reduce_longest_path(ReduceFinish::cpu, n, threads, items), level + tiles - 1) << n;
    }
}

// Past 2^24 elements a float sum has no bound over n - 1 additions; over a tree's height it has: a sum of
// 2^25 ones is right at 2^25 and wrong at 2^24, where the serial float loop stops growing.
TEST(GridReductionLaunches, AFloatSumPastTwoToTheTwentyFourIsCheckedOverItsLongestPath) {
    const std::vector<std::uint32_t> ones(std::size_t(1) << 25, 0x3f800000u); // 1.0f
    const std::size_t path = grid_reduce_longest_path(ReduceFinish::recursive, ones.size(), 1024, 8);
    EXPECT_EQ(check_reduction_output(ElementType::float32, ScanOperator::add, ones, {0x4c000000u}, path).wrong_count,
              0u); // 2^25
    EXPECT_EQ(check_reduction_output(ElementType::float32, ScanOperator::add, ones, {0x4b800000u}, path).wrong_count,
              1u); // 2^24
}

// The atomic finish: every block combines into one word, recorded as atomics on tile_totals[0].
TEST(GridReductionLaunches, TheAtomicFinishCombinesEveryBlocksTotalIntoOneWord) {
    GridRecording recording;
    emulate_grid_reduce(request_for(reductions().front(), ReduceFinish::atomic, 1000, ElementType::int32,
                                    ScanOperator::max, 32),
                        GridSchedule{}, &recording);
    std::size_t atomics = 0;
    for (const GridAccessRecord& access : recording.accesses)
        if (access.kind == GridAccessKind::atomic) {
            ++atomics;
            EXPECT_EQ(access.index, 0u);
        }
    EXPECT_EQ(atomics, 32u); // one a block: 1000 elements in tiles of 32
}

TEST(GridReductionLaunches, RefusesAnEmptyInputAScanAndThreadsTheKernelCannotTake) {
    GridReduceRequest request = request_for(reductions().front(), ReduceFinish::recursive, 100, ElementType::uint32,
                                            ScanOperator::add, 32);
    for (int threads : {0, 16, 48, 2048}) {
        GridReduceRequest bad = request;
        bad.threads = threads;
        EXPECT_THROW(emulate_grid_reduce(bad, GridSchedule{}), std::invalid_argument) << threads;
    }
    GridReduceRequest scan = request;
    scan.algorithm = correct_scans().front();
    EXPECT_THROW(emulate_grid_reduce(scan, GridSchedule{}), std::invalid_argument);
    GridReduceRequest empty = request;
    empty.input.clear();
    EXPECT_THROW(emulate_grid_reduce(empty, GridSchedule{}), std::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(Kernels, GridReduction, ::testing::ValuesIn(reductions()), test_name_of<BlockAlgorithm>);

} // namespace
} // namespace prefixlab::test
