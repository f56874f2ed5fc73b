// On an NVIDIA GPU (issue 36): the textbook multi-block radix sort (kernels/grid/grid_sort_plan.hpp), every key
// type, N ∈ {1, 2, 31, 33, 4097} with 32- and 256-thread blocks, keys all equal, sorted, reversed, random, in
// the high bits only and in the low bits only, equals the emulator's sort and std::stable_sort; pairs keep
// equal keys in order; Onesweep (onesweep_sort_plan.hpp) the same with 256 threads; both at 10^6 keys of every
// kind as pairs, 123123123 keys of every type and 2^28 keys of every kind equal std::stable_sort; the sort
// table times every row and checks every output. Skipped, with the reason, without a GPU.
#include "core/bench/cpu_sort.hpp"
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

GridSortRequest request_of(ElementType type, Keys keys, std::size_t n, int threads, bool pairs, bool onesweep = false) {
    GridSortRequest request;
    request.type = type;
    request.threads = threads;
    request.onesweep = onesweep;
    request.keys = keys_of(keys, type, n, static_cast<std::uint32_t>(n * 5 + 2));
    if (pairs) {
        request.values.resize(n);
        std::iota(request.values.begin(), request.values.end(), 0u);
    }
    return request;
}

std::string describe(const GridSortRequest& request, Keys keys) {
    return std::string(request.onesweep ? "onesweep " : "textbook ") + std::string(name_of(request.type)) + " n=" + std::to_string(request.keys.size()) + " " +
           name_of_keys(keys) + " threads=" + std::to_string(request.threads) +
           (request.values.empty() ? "" : " pairs");
}

TEST(GpuGridSort, SmallSizesEqualTheEmulatorAndStableSort) {
    PL_REQUIRE_GPU();
    for (bool onesweep : {false, true})
    for (ElementType type : all_element_types())
        for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(31), std::size_t(33), std::size_t(4097)})
            for (Keys keys : kAllKeys)
                for (int threads : {32, 256})
                    for (bool pairs : {false, true}) {
                        if (onesweep && threads != 256)
                            continue; // Onesweep's blocks have 256 threads
                        const GridSortRequest request = request_of(type, keys, n, threads, pairs, onesweep);
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

// The reference for uint32 keys, sorted on every core (std::stable_sort of 2^28 keys on one core takes 25 s;
// keys alone sort the same stable or not); other types by std::stable_sort in their own order.
std::vector<std::uint32_t> reference_of(const GridSortRequest& request) {
    if (request.type != ElementType::uint32)
        return std_sorted(request.type, request.keys);
    std::vector<std::uint32_t> sorted = request.keys;
    sort_on_every_core(sorted);
    return sorted;
}

// Both forms of each request, against one reference.
void expect_both_forms_sorted(GridSortRequest request, Keys keys) {
    const std::vector<std::uint32_t> sorted = reference_of(request);
    for (bool onesweep : {false, true}) {
        request.onesweep = onesweep;
        const GridSortResult on_gpu = gpu_run_grid_sort(request);
        ASSERT_EQ(on_gpu.keys, sorted) << describe(request, keys);
        if (!request.values.empty())
            expect_stable_pairs(request.keys, on_gpu.keys, on_gpu.values, describe(request, keys));
    }
}

// About a minute on the GPU machine, most of it the references on its CPU.
TEST(GpuGridSort, LargeSizesGiveStableSort) {
    PL_REQUIRE_GPU();
    for (Keys keys : kAllKeys)
        expect_both_forms_sorted(request_of(ElementType::uint32, keys, 1000000, 256, true), keys);
    for (ElementType type : all_element_types())
        expect_both_forms_sorted(request_of(type, Keys::random, 123123123, 256, false), Keys::random);
}

// The sizes the issue names last, every kind of keys, at 2^28; pairs of the low-bit keys (many equal).
TEST(GpuGridSort, TwoToTheTwentyEightEveryKindOfKeys) {
    PL_REQUIRE_GPU();
    for (Keys keys : kAllKeys)
        expect_both_forms_sorted(request_of(ElementType::uint32, keys, std::size_t(1) << 28, 256, keys == Keys::low_bits),
                                 keys);
}

// Onesweep's look-back windows and its other histogram (by ballots, or by shared atomics) on the GPU: each
// sorts 10^6 pairs of every kind.
TEST(GpuGridSort, EveryLookBackWindowSorts) {
    PL_REQUIRE_GPU();
    for (int window : {1, 4, 8, 0}) // 0: the tuned window, the other histogram
        for (Keys keys : kAllKeys) {
            GridSortRequest request = request_of(ElementType::uint32, keys, 1000000, 256, true, true);
            request.onesweep_window = window == 0 ? kOnesweepWindow : window;
            request.onesweep_shared_counts = window == 0 ? !kOnesweepSharedCounts : kOnesweepSharedCounts;
            const GridSortResult on_gpu = gpu_run_grid_sort(request);
            const std::string what = describe(request, keys) + " window " + std::to_string(window);
            ASSERT_EQ(on_gpu.keys, reference_of(request)) << what;
            expect_stable_pairs(request.keys, on_gpu.keys, on_gpu.values, what);
        }
}

TEST(GpuSortTable, EveryRowIsTimedAndEveryOutputIsRight) {
    PL_REQUIRE_GPU();
    TimedTableOptions options;
    options.repetitions = 3;
    options.warmup = 1;
    const TimedTable table = run_sort_table(std::size_t(1) << 20, 32, options);
    // the copy; keys and pairs: Onesweep, the textbook at two block sizes, CUB, Thrust; the CPU's three
    EXPECT_EQ(table.rows.size(), 1u + 5 * 2 + 3);
    const TimedTable gpu_only = run_sort_table(std::size_t(1) << 20, 32, options, {}, {}, SortTableRows{false});
    EXPECT_EQ(gpu_only.rows.size(), 1u + 5 * 2);
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
