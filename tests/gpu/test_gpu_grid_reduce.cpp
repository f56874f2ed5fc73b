// On an NVIDIA GPU: every block reduction × finish (recursive, atomic, CPU) × element type × operator
// at N ∈ {1, 31, 33, 1000, 1024, 2^20} gives the CPU reference's total (float sums within the bound),
// equals the emulator's bit for bit where the order cannot matter (integers, max and min), and at 2^28
// and 123123123 for uint32 add; the reduction table's session times every row and checks each total.
// Skipped, with the reason, without a GPU.
#include "core/bench/reduce_table.hpp"
#include "core/emulator/emulate_grid_reduce.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/output_check.hpp"
#include "kernels/gpu/gpu_grid_reduce.hpp"
#include "support/gpu_skip.hpp"
#include "support/grid_reduce_support.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab::test {
namespace {

GridReduceRequest gpu_request(BlockAlgorithm algorithm, ReduceFinish finish, std::size_t n, ElementType type,
                              ScanOperator op, int threads) {
    return reduce_request(algorithm, finish, n, type, op, threads, 11 + n);
}

class GpuGridReduce : public ::testing::TestWithParam<BlockAlgorithm> {};

TEST_P(GpuGridReduce, EveryFinishTypeOperatorAndSizeGivesTheReferenceTotal) {
    PL_REQUIRE_GPU();
    for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(1000), std::size_t(1024),
                          std::size_t(1) << 20})
        for (ReduceFinish finish : all_reduce_finishes())
            for (ElementType type : all_element_types())
                for (ScanOperator op : all_scan_operators())
                    for (int threads : {32, 256}) {
                        const GridReduceRequest request = gpu_request(GetParam(), finish, n, type, op, threads);
                        const std::uint32_t total = gpu_run_grid_reduce(request);
                        const OutputCheck check = check_reduction_output(type, op, request.input, {total});
                        EXPECT_EQ(check.wrong_count, 0u) << describe(request) << ": total " << total << ", reference "
                                                         << check.reference[0];
                    }
}

TEST_P(GpuGridReduce, EqualsTheEmulatorBitForBitWhereTheOrderCannotMatter) {
    PL_REQUIRE_GPU();
    for (ReduceFinish finish : all_reduce_finishes())
        for (std::size_t n : {std::size_t(33), std::size_t(5000)}) {
            const GridReduceRequest request = gpu_request(GetParam(), finish, n, ElementType::int32, ScanOperator::max, 32);
            EXPECT_EQ(gpu_run_grid_reduce(request), emulate_grid_reduce(request, GridSchedule{})) << describe(request);
        }
}

TEST_P(GpuGridReduce, LargeSizesGiveTheReferenceTotal) {
    PL_REQUIRE_GPU();
    for (std::size_t n : {std::size_t(1) << 28, std::size_t(123123123)}) {
        GridReduceRequest request =
            gpu_request(GetParam(), ReduceFinish::recursive, n, ElementType::uint32, ScanOperator::add, 1024);
        std::uint32_t reference = 0; // uint32 sums wrap: any order gives the same total
        for (std::uint32_t x : request.input)
            reference += x;
        for (ReduceFinish finish : all_reduce_finishes()) {
            request.finish = finish;
            EXPECT_EQ(gpu_run_grid_reduce(request), reference) << describe(request);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Kernels, GpuGridReduce, ::testing::ValuesIn(reductions()), test_name_of<BlockAlgorithm>);

// For compute-sanitizer (memcheck, racecheck, synccheck): every block reduction with every finish,
// over several tiles and a partial last one, an integer and a float sum.
TEST(GpuSanitized, EveryGridReductionAndFinish) {
    PL_REQUIRE_GPU();
    for (BlockAlgorithm algorithm : reductions())
        for (ReduceFinish finish : all_reduce_finishes())
            for (ElementType type : {ElementType::uint32, ElementType::float32}) {
                const GridReduceRequest request = gpu_request(algorithm, finish, 5000, type, ScanOperator::add, 32);
                const OutputCheck check =
                    check_reduction_output(type, ScanOperator::add, request.input, {gpu_run_grid_reduce(request)});
                EXPECT_EQ(check.wrong_count, 0u) << describe(request);
            }
}

// The table's session: every row timed, every total it checks right, Harris's speedups filled in.
TEST(GpuReduceTable, EveryRowIsTimedAndEveryTotalIsRight) {
    PL_REQUIRE_GPU();
    ReduceTableOptions options;
    options.repetitions = 3;
    options.warmup = 1;
    const ReduceTable table = run_reduce_table(std::size_t(1) << 20, options);
    ASSERT_GE(table.rows.size(), 1 + reductions().size() + 2 + 3u);
    EXPECT_EQ(table.rows[0].method, "read-only");
    for (const ReduceTableRow& row : table.rows) // the quiz's wrong reduction would hang this process
        EXPECT_EQ(row.method.find("barrier-in-branch"), std::string::npos) << row.method;
    for (const ReduceTableRow& row : table.rows) {
        EXPECT_GT(row.median_ms, 0) << row.method << " " << row.setup;
        EXPECT_TRUE(row.correct) << row.method << " " << row.setup;
        EXPECT_EQ(row.checked, row.method != "read-only") << row.method;
    }
    for (std::size_t k = 2; k <= 7; ++k)
        EXPECT_GT(table.rows[k].value(kStepSpeedup), 0) << table.rows[k].method;
    EXPECT_GE(table.best_own, 0);
    EXPECT_GE(table.cub, 0);
}

} // namespace
} // namespace prefixlab::test
