// On an NVIDIA GPU (issue 36): the textbook multi-block radix sort (kernels/grid/grid_sort_plan.hpp), every key
// type, N ∈ {1, 2, 31, 33, 4097} with 32- and 256-thread blocks, keys all equal, sorted, reversed, random, in
// the high bits only and in the low bits only, equals the emulator's sort and std::stable_sort; pairs keep
// equal keys in order; at 10^6, 123123123 and 2^28 random keys (and pairs at 10^6) it equals
// std::stable_sort; the sort table times every row and checks every output. Skipped, with the reason,
// without a GPU.
#include "core/bench/sort_table.hpp"
#include "core/emulator/emulate_grid_sort.hpp"
#include "kernels/gpu/gpu_grid_sort.hpp"
#include "support/gpu_skip.hpp"
#include "support/scan_test_support.hpp"
#include "support/sort_support.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <string>

namespace prefixlab::test {
namespace {

constexpr Keys kAllKeys[] = {Keys::all_equal, Keys::sorted, Keys::reversed, Keys::random, Keys::high_bits,
                             Keys::low_bits};

GridSortRequest request_of(ElementType type, Keys keys, std::size_t n, int threads, bool pairs) {
    GridSortRequest request;
    request.type = type;
    request.threads = threads;
    request.keys = keys_of(keys, type, n, static_cast<std::uint32_t>(n * 5 + 2));
    if (pairs) {
        request.values.resize(n);
        std::iota(request.values.begin(), request.values.end(), 0u);
    }
    return request;
}

std::string describe(const GridSortRequest& request, Keys keys) {
    return std::string(name_of(request.type)) + " n=" + std::to_string(request.keys.size()) + " " +
           name_of_keys(keys) + " threads=" + std::to_string(request.threads) +
           (request.values.empty() ? "" : " pairs");
}

TEST(GpuGridSort, SmallSizesEqualTheEmulatorAndStableSort) {
    PL_REQUIRE_GPU();
    for (ElementType type : all_element_types())
        for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(31), std::size_t(33), std::size_t(4097)})
            for (Keys keys : kAllKeys)
                for (int threads : {32, 256})
                    for (bool pairs : {false, true}) {
                        const GridSortRequest request = request_of(type, keys, n, threads, pairs);
                        const std::string what = describe(request, keys);
                        const GridSortResult on_gpu = gpu_run_grid_sort(request);
                        ASSERT_EQ(on_gpu.keys, std_sorted(type, request.keys)) << what;
                        const GridSortResult emulated = emulate_grid_sort(request, GridSchedule{});
                        EXPECT_EQ(on_gpu.keys, emulated.keys) << what;
                        EXPECT_EQ(on_gpu.values, emulated.values) << what;
                        if (pairs)
                            expect_stable_pairs(request.keys, on_gpu.keys, on_gpu.values, what);
                    }
}

// About a minute on the GPU machine, most of it std::stable_sort of 2^28 keys on its CPU.
TEST(GpuGridSort, LargeSizesGiveStableSort) {
    PL_REQUIRE_GPU();
    for (Keys keys : kAllKeys) {
        const GridSortRequest request = request_of(ElementType::uint32, keys, 1000000, 256, true);
        const GridSortResult on_gpu = gpu_run_grid_sort(request);
        ASSERT_EQ(on_gpu.keys, std_sorted(ElementType::uint32, request.keys)) << describe(request, keys);
        expect_stable_pairs(request.keys, on_gpu.keys, on_gpu.values, describe(request, keys));
    }
    for (ElementType type : all_element_types()) {
        const GridSortRequest request = request_of(type, Keys::random, 123123123, 256, false);
        EXPECT_EQ(gpu_run_grid_sort(request).keys, std_sorted(type, request.keys)) << describe(request, Keys::random);
    }
    const GridSortRequest request = request_of(ElementType::uint32, Keys::random, std::size_t(1) << 28, 256, false);
    EXPECT_EQ(gpu_run_grid_sort(request).keys, std_sorted(ElementType::uint32, request.keys))
        << describe(request, Keys::random);
}

TEST(GpuSortTable, EveryRowIsTimedAndEveryOutputIsRight) {
    PL_REQUIRE_GPU();
    TimedTableOptions options;
    options.repetitions = 3;
    options.warmup = 1;
    const TimedTable table = run_sort_table(std::size_t(1) << 20, 32, options);
    // the copy; keys and pairs: ours at two block sizes, CUB, Thrust; the CPU's three
    EXPECT_EQ(table.rows.size(), 1u + 4 * 2 + 3);
    const TimedTable gpu_only = run_sort_table(std::size_t(1) << 20, 32, options, {}, {}, SortTableRows{false});
    EXPECT_EQ(gpu_only.rows.size(), 1u + 4 * 2);
    for (const TimedRow& row : table.rows) {
        EXPECT_GT(row.median_ms, 0) << row.method << " " << row.setup;
        EXPECT_TRUE(row.correct) << row.method << " " << row.setup;
        EXPECT_EQ(row.checked, row.method != "copy") << row.method;
        if (row.method.rfind("cpu-", 0) != 0)
            EXPECT_GT(row.value(kSortOfCub), 0) << row.method;
        EXPECT_GT(row.value(kSortOfCopy), 0) << row.method;
    }
}

} // namespace
} // namespace prefixlab::test
