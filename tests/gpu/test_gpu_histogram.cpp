// On an NVIDIA GPU: the histograms across blocks (kernels/grid/histogram_tiles.cuh, issue 37) and CUB's
// HistogramEven give the CPU's counts (their fingerprint) at every N the issue names, every number of bins and
// every input; the histogram table times every row and checks it; bucketing by scan keeps the keys' order in
// every run, bucketing by atomics buckets every key but two runs order a bucket differently. Skipped, with the
// reason, without a GPU.
#include "core/bench/cpu_histogram.hpp"
#include "core/bench/histogram_table.hpp"
#include "kernels/bench/gpu_histogram_table.hpp"
#include "kernels/gpu/gpu_bucketing.hpp"
#include "support/gpu_skip.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>

namespace prefixlab::test {
namespace {

constexpr HistogramMethod kMethods[] = {HistogramMethod::global_atomics, HistogramMethod::shared_atomics,
                                        HistogramMethod::warp_aggregated};

TEST(GpuHistogram, EveryMethodGivesTheCpusCounts) {
    PL_REQUIRE_GPU();
    std::size_t compared = 0;
    for (std::uint64_t n : {std::uint64_t(1), std::uint64_t(31), std::uint64_t(33), std::uint64_t(4097),
                            std::uint64_t(1000000), std::uint64_t(123123123)})
        for (std::uint32_t bins : {1u, 2u, 255u, 256u, 4096u})
            for (HistogramInput input : {HistogramInput::uniform, HistogramInput::one_bin, HistogramInput::zipf}) {
                if (n == 123123123 && (bins < 255 || input == HistogramInput::zipf))
                    continue; // the largest size: the bins a lecture uses, uniform and all in one bin
                const std::vector<std::uint32_t> keys = histogram_input(n, input, bins, 3 + n);
                const std::uint64_t expected = histogram_fingerprint(histogram_on_every_core(keys, bins));
                GpuTableSession session(keys.data(), keys.size(), gpu_histogram_table_buffers(keys.size()));
                const std::string what = "n=" + std::to_string(n) + " bins=" + std::to_string(bins) + " " +
                                         histogram_input_name(input);
                for (HistogramMethod method : kMethods) {
                    auto runner = make_gpu_histogram_runner({GpuHistogramKind::ours, method, bins}, keys.size());
                    const GpuTableSamples samples = session.time(*runner, 0, 1);
                    EXPECT_TRUE(samples.checked) << what;
                    EXPECT_EQ(samples.answer, expected) << what << " method " << int(method);
                    ++compared;
                }
                auto cub = make_gpu_histogram_runner({GpuHistogramKind::cub, HistogramMethod::shared_atomics, bins},
                                                     keys.size());
                EXPECT_EQ(session.time(*cub, 0, 1).answer, expected) << what << " CUB";
                if ((bins & (bins - 1)) == 0) {
                    auto shifted = make_gpu_histogram_runner(
                        {GpuHistogramKind::cub_shifted, HistogramMethod::shared_atomics, bins}, keys.size());
                    EXPECT_EQ(session.time(*shifted, 0, 1).answer, expected) << what << " CUB shifted";
                }
            }
    std::cout << "GPU histograms compared with the CPU's: " << compared << "\n";
}

TEST(GpuHistogramTable, EveryRowIsTimedAndRight) {
    PL_REQUIRE_GPU();
    TimedTableOptions options;
    options.repetitions = 3;
    options.warmup = 1;
    std::vector<TimedTable> tables;
    for (HistogramInput input : {HistogramInput::uniform, HistogramInput::one_bin})
        tables.push_back(run_histogram_table(std::size_t(1) << 20, 256, input, options));
    mark_skew_slowdowns(tables);
    // the read pass, ours three, CUB's two (256 is a power of two); the CPU's two
    ASSERT_EQ(tables[0].rows.size(), 1u + 3 + 2 + 2);
    for (const TimedTable& table : tables)
        for (const TimedRow& row : table.rows) {
            EXPECT_GT(row.median_ms, 0) << row.method;
            EXPECT_TRUE(row.correct) << row.method;
            EXPECT_EQ(row.checked, row.method != "read") << row.method;
            EXPECT_GT(row.value(kHistogramOfRead), 0) << row.method;
        }
    for (const TimedRow& row : tables[1].rows)
        EXPECT_GT(row.value(kHistogramOfUniform), 0) << row.method;
    const TimedTable gpu_only =
        run_histogram_table(std::size_t(1) << 20, 256, HistogramInput::zipf, options, {}, {}, HistogramTableRows{false});
    EXPECT_EQ(gpu_only.rows.size(), 1u + 3 + 2);
    // 255 bins are no power of two: CUB's shifted row is left out
    EXPECT_EQ(run_histogram_table(4097, 255, HistogramInput::uniform, options, {}, {}, HistogramTableRows{false}).rows.size(),
              1u + 3 + 1);
}

// The seed's argument, on the hardware: bucketing by scan is std::stable_sort by bucket, every run; by atomics
// every key is in its bucket, but two runs differ (the order the atomics came in).
TEST(GpuBucketing, ByScanKeepsTheOrderAndByAtomicsDiffersBetweenRuns) {
    PL_REQUIRE_GPU();
    for (std::size_t n : {std::size_t(1), std::size_t(33), std::size_t(4097), std::size_t(1000000)})
        for (std::uint32_t bins : {1u, 2u, 16u, 256u})
            for (HistogramInput input : {HistogramInput::uniform, HistogramInput::one_bin}) {
                const std::vector<std::uint32_t> keys = histogram_input(n, input, bins, 17 + n);
                const std::string what = "n=" + std::to_string(n) + " bins=" + std::to_string(bins) + " " +
                                         histogram_input_name(input);
                EXPECT_EQ(gpu_run_bucketing(keys, bins, BucketMethod::scan), stable_buckets(keys, bins)) << what;
                EXPECT_TRUE(is_bucketing_of(keys, gpu_run_bucketing(keys, bins, BucketMethod::atomics), bins)) << what;
            }
    const std::vector<std::uint32_t> keys = histogram_input(std::size_t(1) << 20, HistogramInput::uniform, 4, 5);
    const std::vector<std::uint32_t> first = gpu_run_bucketing(keys, 4, BucketMethod::atomics);
    std::size_t runs = 1, differing = 0;
    for (; runs < 5 && differing == 0; ++runs)
        differing = first != gpu_run_bucketing(keys, 4, BucketMethod::atomics) ? 1 : 0;
    EXPECT_EQ(differing, 1u) << "five runs of 2^20 keys into 4 buckets by atomics gave one order";
    std::size_t out_of_order = 0;
    const std::vector<std::uint32_t> stable = stable_buckets(keys, 4);
    for (std::size_t i = 0; i < keys.size(); ++i)
        out_of_order += first[i] != stable[i] ? 1 : 0;
    std::cout << "bucketing by atomics on the GPU: " << out_of_order << " of " << keys.size()
              << " keys not where the stable order puts them; runs until two differed: " << runs << "\n";
}

// The subset the sanitizers run (memcheck, racecheck, synccheck): every histogram and both bucketings at two
// small sizes.
TEST(GpuSanitized, HistogramsAndBucketing) {
    PL_REQUIRE_GPU();
    for (std::size_t n : {std::size_t(33), std::size_t(4097)})
        for (std::uint32_t bins : {2u, 256u}) {
            const std::vector<std::uint32_t> keys = histogram_input(n, HistogramInput::zipf, bins, 29 + n);
            GpuTableSession session(keys.data(), keys.size(), gpu_histogram_table_buffers(keys.size()));
            const std::uint64_t expected = histogram_fingerprint(cpu_histogram(keys, bins));
            for (HistogramMethod method : kMethods) {
                auto runner = make_gpu_histogram_runner({GpuHistogramKind::ours, method, bins}, keys.size());
                EXPECT_EQ(session.time(*runner, 0, 1).answer, expected) << n << " " << bins << " " << int(method);
            }
            EXPECT_EQ(gpu_run_bucketing(keys, bins, BucketMethod::scan), stable_buckets(keys, bins)) << n << " " << bins;
            EXPECT_TRUE(is_bucketing_of(keys, gpu_run_bucketing(keys, bins, BucketMethod::atomics), bins)) << n << " " << bins;
        }
}

} // namespace
} // namespace prefixlab::test
