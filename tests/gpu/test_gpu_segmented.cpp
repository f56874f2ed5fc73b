// On an NVIDIA GPU: the segmented scan across blocks (kernels/grid/segmented_scan.cuh, issue 37) gives the CPU's
// scan by key at every N the issue names and every shape of segments (random of mean length 1 and 1000, one
// segment, heads at the tiles' edges), with the table's tiles and the traced runs' small ones; the segmented
// table times every row and checks it. Skipped, with the reason, without a GPU.
#include "core/bench/cpu_segmented.hpp"
#include "core/bench/segmented_table.hpp"
#include "kernels/bench/gpu_segmented_table.hpp" // segmented_item_choices
#include "kernels/gpu/gpu_segmented_scan.hpp"
#include "kernels/grid/segmented_scan_plan.hpp"
#include "support/gpu_skip.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>

namespace prefixlab::test {
namespace {

// Keys whose segments are `length` long from element `offset` on.
std::vector<std::uint32_t> keys_cut_every(std::size_t n, std::size_t length, std::size_t offset) {
    std::vector<std::uint32_t> keys(n);
    for (std::size_t i = 0; i < n; ++i)
        keys[i] = static_cast<std::uint32_t>((i + length - offset % length) / length);
    return keys;
}

void expect_like_the_cpu(const std::vector<std::uint32_t>& keys, const std::string& what, std::size_t& compared) {
    const std::vector<std::uint32_t> values = segment_values(keys.size(), keys.size() + 5);
    const std::vector<std::uint32_t> expected = cpu_segmented_scan(keys, values);
    EXPECT_EQ(gpu_run_segmented_scan(keys, values), expected) << what << ", the table's tiles";
    if (keys.size() <= 4097)
        EXPECT_EQ(gpu_run_segmented_scan(keys, values, true), expected) << what << ", small tiles";
    ++compared;
}

TEST(GpuSegmentedScan, EveryShapeEqualsTheCpu) {
    PL_REQUIRE_GPU();
    std::size_t compared = 0;
    const std::size_t tile = std::size_t(kSegmentedThreads) * kSegmentedItems;
    for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(4097), std::size_t(1000000),
                          std::size_t(123123123)}) {
        const std::string at = "n=" + std::to_string(n);
        for (std::uint64_t mean : {1u, 1000u})
            expect_like_the_cpu(segment_keys(n, mean, n + mean), at + " mean length " + std::to_string(mean), compared);
        expect_like_the_cpu(std::vector<std::uint32_t>(n, 9u), at + " one segment", compared);
        if (n < 1000000) // the heads at the tiles' edges, where tiles are many
            continue;
        for (std::size_t offset : {std::size_t(0), std::size_t(1), tile - 1})
            expect_like_the_cpu(keys_cut_every(n, tile, offset), at + " heads at tile edges + " + std::to_string(offset),
                                compared);
    }
    std::cout << "GPU segmented scans compared with the CPU's: " << compared << "\n";
}

TEST(GpuSegmentedTable, EveryRowIsTimedAndRight) {
    PL_REQUIRE_GPU();
    TimedTableOptions options;
    options.repetitions = 3;
    options.warmup = 1;
    SegmentedTableRows rows;
    rows.sweep = true;
    const TimedTable table = run_segmented_table(std::size_t(1) << 20, 1000, options, {}, {}, rows);
    // the copy, ours at every tile, CUB, the CPU
    ASSERT_EQ(table.rows.size(), 3 + segmented_item_choices().size());
    for (const TimedRow& row : table.rows) {
        EXPECT_GT(row.median_ms, 0.0) << row.method << " " << row.setup;
        if (row.method != "copy") {
            EXPECT_TRUE(row.checked) << row.method << " " << row.setup;
            EXPECT_TRUE(row.correct) << row.method << " " << row.setup;
        }
    }
    std::cout << segmented_table_text(table);
}

// The subset the sanitizers run: both tiles at small sizes and a few shapes.
TEST(GpuSanitized, SegmentedScan) {
    PL_REQUIRE_GPU();
    for (std::size_t n : {std::size_t(33), std::size_t(5000)})
        for (std::uint64_t mean : {1u, 40u, 100000u}) {
            const std::vector<std::uint32_t> keys = segment_keys(n, mean, 3);
            const std::vector<std::uint32_t> values = segment_values(n, 4);
            const std::vector<std::uint32_t> expected = cpu_segmented_scan(keys, values);
            EXPECT_EQ(gpu_run_segmented_scan(keys, values), expected) << n << " " << mean;
            EXPECT_EQ(gpu_run_segmented_scan(keys, values, true), expected) << n << " " << mean << " small tiles";
        }
}

} // namespace
} // namespace prefixlab::test
