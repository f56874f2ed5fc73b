// The compaction table without a GPU (app/core/bench/compact_table.hpp): the benchmark's input keeps the
// share asked for, the CPU rows are timed and checked against the standard library, and bad shares and
// sizes are refused.
#include "core/bench/compact_table.hpp"
#include "core/bench/timed_table_csv.hpp"

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

// `--gpu-only` (CompactTableRows::cpu false) plans no CPU row: without a GPU the table is empty.
TEST(CompactTable, LeavingOutTheCpuRowsLeavesNoCpuRow) {
    TimedTableOptions options;
    options.gpu = false;
    options.repetitions = 1;
    options.warmup = 0;
    CompactTableRows rows;
    rows.cpu = false;
    EXPECT_TRUE(run_compact_table(4096, 25, options, {}, {}, rows).rows.empty());
    rows.cpu = true;
    EXPECT_EQ(run_compact_table(4096, 25, options, {}, {}, rows).rows.size(), 2u);
}

// Issue 35: the shipped H200 table (the single-pass sweep): its slide shows every row but the sweep's,
// each single-pass form at its three element types; the rows planned without a GPU are the CPU's two.
TEST(CompactTable, TheSlideLeavesOutTheSinglePassSweepAndThePlanCountsTheRowsTimed) {
    const std::vector<TimedTable> shipped =
        read_timed_table_csv(PREFIXLAB_SOURCE_DIR "/assets/bench/h200-compact-table.csv", compact_table_kind());
    ASSERT_EQ(shipped.size(), 3u); // 1%, 50%, 99% kept
    for (const TimedTable& table : shipped) {
        const std::vector<std::size_t> rows = compact_table_kind().figure_rows(table);
        int compact = 0, split = 0, others = 0;
        for (std::size_t r : rows) {
            const std::string& method = table.rows.at(r).method;
            (method == "compact-1pass" ? compact : method == "split-1pass" ? split : others) += 1;
        }
        EXPECT_EQ(compact, 3);
        EXPECT_EQ(split, 3);
        EXPECT_EQ(std::size_t(others + compact + split), rows.size());
        EXPECT_EQ(rows.size(), table.rows.size() - 14) << "the sweep's 7 rows of each form left out";
        EXPECT_GT(table.rows.at(rows.front()).median_ms, 0);
    }
    TimedTableOptions options;
    options.gpu = false;
    EXPECT_EQ(compact_table_rows_planned(options), 2u);
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
