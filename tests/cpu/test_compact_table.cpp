// The compaction table without a GPU (app/core/bench/compact_table.hpp): the benchmark's input keeps the
// share asked for, the CPU rows are timed and checked against the standard library, and bad shares and
// sizes are refused.
#include "core/bench/compact_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

namespace prefixlab::test {
namespace {

TEST(CompactTable, TheInputKeepsTheShareAskedFor) {
    for (int percent : {0, 1, 50, 99, 100}) {
        const std::vector<std::uint32_t> input = compact_bench_input(100000, percent, 3);
        const auto odd = std::count_if(input.begin(), input.end(), [](std::uint32_t x) { return (x & 1u) != 0; });
        EXPECT_NEAR(double(odd) / double(input.size()), percent / 100.0, 0.01) << percent;
    }
    EXPECT_EQ(compact_bench_input(1000, 50, 7), compact_bench_input(1000, 50, 7)) << "the seed fixes it";
    EXPECT_NE(compact_bench_input(1000, 50, 7), compact_bench_input(1000, 50, 8));
}

TEST(CompactTable, TheCpuRowsAreTimedAndRight) {
    TimedTableOptions options;
    options.gpu = false;
    options.repetitions = 2;
    options.warmup = 0;
    const TimedTable table = run_compact_table(4096, 25, options);
    ASSERT_EQ(table.rows.size(), 2u);
    EXPECT_EQ(table.rows[0].method, "cpu-copy-if");
    EXPECT_EQ(table.rows[1].method, "cpu-stable-partition");
    // a split writes every element: its bytes are N read and N written
    EXPECT_NEAR(table.rows[1].gb_per_s * table.rows[1].median_ms * 1e6, 8.0 * 4096, 1e-6);
    for (const TimedRow& row : table.rows) {
        EXPECT_TRUE(row.correct) << row.method;
        EXPECT_GT(row.median_ms, 0) << row.method;
    }
    EXPECT_EQ(table.parameters[kKeptPercent], 25u);
    EXPECT_NEAR(double(table.parameters[kKeptCount]) / 4096, 0.25, 0.03);
    const std::string text = compact_table_text(table);
    EXPECT_NE(text.find("N = 4096, 25% kept"), std::string::npos) << text;
}

TEST(CompactTable, BadSizesSharesAndRepetitionsAreRefused) {
    TimedTableOptions options;
    options.gpu = false;
    EXPECT_THROW(run_compact_table(0, 50, options), std::invalid_argument);
    EXPECT_THROW(run_compact_table((std::uint64_t(1) << 30) + 1, 50, options), std::invalid_argument);
    EXPECT_THROW(run_compact_table(100, 101, options), std::invalid_argument);
    EXPECT_THROW(run_compact_table(100, -1, options), std::invalid_argument);
    options.repetitions = 0;
    EXPECT_THROW(run_compact_table(100, 50, options), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
