// Bucketing in the emulator (kernels/grid/bucket_plan.hpp, issue 37), the lecture's two answers to "where does
// each element of the histogram go?": by scan, every key in its bucket in the keys' order (std::stable_sort by
// bin), the same under every schedule; by atomics, every key in its bucket, but the order within a bucket is
// the order the atomics came in, which the schedule decides: two schedules give two orders.
#include "core/bench/cpu_histogram.hpp"
#include "core/emulator/emulate_bucketing.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab::test {
namespace {

const GridSchedule kSchedules[] = {GridSchedule{2, BlockStartOrder::in_order, 0}, GridSchedule{3, BlockStartOrder::reversed, 0},
                                   GridSchedule{5, BlockStartOrder::seeded_random, 9}};

TEST(Bucketing, ByScanKeepsTheOrderAndByAtomicsBucketsEveryKey) {
    for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(1000), std::size_t(4097)})
        for (std::uint32_t bins : {1u, 2u, 16u, 255u, 256u})
            for (HistogramInput input : {HistogramInput::uniform, HistogramInput::one_bin, HistogramInput::zipf}) {
                const std::vector<std::uint32_t> keys = histogram_input(n, input, bins, 13 + n);
                const std::vector<std::uint32_t> stable = stable_buckets(keys, bins);
                const std::string what = "n=" + std::to_string(n) + " bins=" + std::to_string(bins) + " input " +
                                         std::to_string(int(input));
                for (const GridSchedule& schedule : kSchedules) {
                    EXPECT_EQ(emulate_bucketing(keys, bins, BucketMethod::scan, schedule), stable) << what;
                    EXPECT_TRUE(is_bucketing_of(keys, emulate_bucketing(keys, bins, BucketMethod::atomics, schedule), bins))
                        << what;
                }
            }
}

// The seed's argument: the atomics' order within a bucket is the schedule's. Keys each unique, 4 buckets,
// 4097 keys in 9 tiles: two schedules that start the blocks in other orders fill the buckets in other orders.
TEST(Bucketing, ByAtomicsTheOrderWithinABucketChangesWithTheSchedule) {
    const std::vector<std::uint32_t> keys = histogram_input(4097, HistogramInput::uniform, 4, 21);
    const std::vector<std::uint32_t> first = emulate_bucketing(keys, 4, BucketMethod::atomics, kSchedules[0]);
    const std::vector<std::uint32_t> second = emulate_bucketing(keys, 4, BucketMethod::atomics, kSchedules[2]);
    EXPECT_TRUE(is_bucketing_of(keys, first, 4));
    EXPECT_TRUE(is_bucketing_of(keys, second, 4));
    EXPECT_NE(first, second);
    EXPECT_NE(first, stable_buckets(keys, 4)) << "a schedule that starts the last block first is not the keys' order";
    // by scan, the same under both
    EXPECT_EQ(emulate_bucketing(keys, 4, BucketMethod::scan, kSchedules[0]),
              emulate_bucketing(keys, 4, BucketMethod::scan, kSchedules[2]));
}

TEST(Bucketing, TheCheckFindsAKeyOutOfItsBucketAndRefusesBadSetups) {
    const std::vector<std::uint32_t> keys = histogram_input(100, HistogramInput::uniform, 4, 1);
    std::vector<std::uint32_t> out = stable_buckets(keys, 4);
    EXPECT_TRUE(is_bucketing_of(keys, out, 4));
    std::swap(out.front(), out.back()); // the first bucket's first key into the last bucket
    EXPECT_FALSE(is_bucketing_of(keys, out, 4));
    out = stable_buckets(keys, 4);
    out[0] = out[1];                    // a key lost, another twice
    EXPECT_FALSE(is_bucketing_of(keys, out, 4));
    EXPECT_THROW(emulate_bucketing(keys, 0, BucketMethod::scan, GridSchedule{}), std::invalid_argument);
    EXPECT_THROW(emulate_bucketing(keys, 257, BucketMethod::atomics, GridSchedule{}), std::invalid_argument);
    EXPECT_THROW(emulate_bucketing({}, 4, BucketMethod::scan, GridSchedule{}), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
