// The reduction table's CPU baselines (app/core/bench/cpu_reductions.hpp): the loop, std::reduce and the
// threaded sum give the wrapping uint32 sum at every size, whatever the thread count and wherever the
// chunks end; the reduction table without a GPU times the CPU rows and checks their totals.
#include "core/bench/cpu_reductions.hpp"
#include "core/bench/reduce_table.hpp"
#include "core/ground/input_generator.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace prefixlab::test {
namespace {

std::uint32_t wrapping_sum(const std::vector<std::uint32_t>& values) {
    std::uint64_t total = 0;
    for (std::uint32_t x : values)
        total += x;
    return static_cast<std::uint32_t>(total); // mod 2^32, as uint32 addition wraps
}

TEST(CpuReductions, EveryBaselineGivesTheWrappingSum) {
    for (std::size_t n : {0, 1, 7, 1000, 65537}) {
        std::vector<std::uint32_t> values(n);
        for (std::size_t i = 0; i < n; ++i)
            values[i] = 0x9e3779b9u * static_cast<std::uint32_t>(i + 1); // large: the sum wraps
        const std::uint32_t expected = wrapping_sum(values);
        EXPECT_EQ(cpu_loop_reduce(values.data(), n), expected) << n;
        EXPECT_EQ(cpu_std_reduce(values.data(), n), expected) << n;
        for (int threads : {1, 2, 3, 5, 16}) // serial_below 0: even n = 0 goes through the threads
            EXPECT_EQ(cpu_threaded_reduce(values.data(), n, threads, 0), expected) << n << " " << threads;
        EXPECT_EQ(cpu_threaded_reduce(values.data(), n, 4), expected) << n;
    }
}

TEST(ReduceTableWithoutGpu, TimesTheCpuRowsAndChecksTheirTotals) {
    ReduceTableOptions options;
    options.gpu = false;
    options.repetitions = 2;
    options.warmup = 0;
    const ReduceTable table = run_reduce_table(5000, options);
    ASSERT_EQ(table.rows.size(), 3u);
    EXPECT_EQ(table.rows[0].method, "cpu-loop");
    for (const ReduceTableRow& row : table.rows) {
        EXPECT_TRUE(row.checked) << row.method;
        EXPECT_TRUE(row.correct) << row.method;
        EXPECT_GT(row.median_ms, 0) << row.method;
        EXPECT_NEAR(row.gb_per_s, 5000 * 4 / (row.median_ms * 1e6), 1e-9) << row.method;
    }
    EXPECT_EQ(table.best_own, -1);
    EXPECT_THROW(run_reduce_table(0, options), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
