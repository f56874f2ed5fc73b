// On an NVIDIA GPU (issue 15): the multi-block compaction and split, every element type, N ∈ {1, 31, 33,
// 1000, 1024, 2^20}, 1%, 50% and 99% kept, 32-, 256- and 1024-thread blocks, give std::copy_if's and
// std::stable_partition's output and count, and equal the emulator's; at 2^28 (uint32, 50%) too; the
// compaction table's session times every row and checks every output. The block kernels (compact,
// split) are covered with the catalogue by test_gpu_scans.cpp. Skipped, with the reason, without a GPU.
#include "core/bench/compact_table.hpp"
#include "core/emulator/emulate_grid_compact.hpp"
#include "kernels/gpu/gpu_grid_compact.hpp"
#include "support/compaction_support.hpp"
#include "support/gpu_skip.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab::test {
namespace {

GridCompactRequest request_for(ElementType type, bool split, std::size_t n, int percent, int threads) {
    GridCompactRequest request;
    request.type = type;
    request.split = split;
    request.threads = threads;
    request.input = input_with_kept_share(type, static_cast<int>(n), percent, static_cast<std::uint32_t>(n + percent));
    return request;
}

std::string describe_compaction(const GridCompactRequest& r, int percent) {
    return std::string(r.split ? "split " : "compact ") + std::string(name_of(r.type)) + " n=" +
           std::to_string(r.input.size()) + " " + std::to_string(percent) + "% threads=" + std::to_string(r.threads);
}

void expect_std_result(const GridCompactRequest& request, const GridCompactResult& result, const std::string& what) {
    const std::vector<std::uint32_t> kept = std_compacted(request.input);
    EXPECT_EQ(result.kept, kept.size()) << what;
    ASSERT_EQ(result.output.size(), request.input.size()) << what;
    if (request.split)
        EXPECT_EQ(result.output, std_split(request.input)) << what;
    else
        EXPECT_TRUE(std::equal(kept.begin(), kept.end(), result.output.begin())) << what;
}

TEST(GpuGridCompaction, EveryTypeShareSizeAndBlockGivesCopyIfAndStablePartition) {
    PL_REQUIRE_GPU();
    for (bool split : {false, true})
        for (ElementType type : all_element_types())
            for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(1000), std::size_t(1024),
                                  std::size_t(1) << 20})
                for (int percent : {1, 50, 99})
                    for (int threads : {32, 256, 1024}) {
                        const GridCompactRequest request = request_for(type, split, n, percent, threads);
                        const GridCompactResult on_gpu = gpu_run_grid_compact(request);
                        expect_std_result(request, on_gpu, describe_compaction(request, percent));
                        if (n <= 1024) {
                            const GridCompactResult emulated = emulate_grid_compact(request, GridSchedule{});
                            EXPECT_EQ(on_gpu.output, emulated.output) << describe_compaction(request, percent);
                        }
                    }
}

TEST(GpuGridCompaction, TwoToTheTwentyEightElementsHalfKept) {
    PL_REQUIRE_GPU();
    for (bool split : {false, true}) {
        GridCompactRequest request;
        request.split = split;
        request.threads = 512;
        request.input = compact_bench_input(std::size_t(1) << 28, 50, 5);
        expect_std_result(request, gpu_run_grid_compact(request), split ? "split 2^28" : "compact 2^28");
    }
}

// For compute-sanitizer (memcheck, racecheck, synccheck): both, several tiles and a partial last one.
TEST(GpuSanitized, GridCompactionAndSplit) {
    PL_REQUIRE_GPU();
    for (bool split : {false, true})
        for (int threads : {32, 256}) {
            const GridCompactRequest request = request_for(ElementType::uint32, split, 5000, 50, threads);
            expect_std_result(request, gpu_run_grid_compact(request), describe_compaction(request, 50));
        }
}

TEST(GpuCompactTable, EveryRowIsTimedAndEveryOutputIsRight) {
    PL_REQUIRE_GPU();
    TimedTableOptions options;
    options.repetitions = 3;
    options.warmup = 1;
    const TimedTable table = run_compact_table(std::size_t(1) << 20, 50, options);
    EXPECT_EQ(table.rows.size(), 1u + 3 + 2 + 3 + 1 + 2);
    for (const TimedRow& row : table.rows) {
        EXPECT_GT(row.median_ms, 0) << row.method << " " << row.setup;
        EXPECT_TRUE(row.correct) << row.method << " " << row.setup;
        EXPECT_EQ(row.checked, row.method != "copy") << row.method;
        EXPECT_GT(row.value(kOfCub), 0) << row.method;
    }
}

} // namespace
} // namespace prefixlab::test
