// The segmented scan across blocks in the emulator (kernels/grid/segmented_scan.cuh, issue 37): every shape of
// segments the issue names against the CPU's scan by key, under several schedules and block sizes.
#include "core/bench/cpu_segmented.hpp"
#include "core/emulator/emulate_segmented_scan.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab::test {
namespace {

const GridSchedule kSchedules[] = {GridSchedule{2, BlockStartOrder::in_order, 0}, GridSchedule{3, BlockStartOrder::reversed, 0},
                                   GridSchedule{5, BlockStartOrder::seeded_random, 9}};

// Keys whose segments are `length` long from element `offset` on (the first segment `offset` long, where not 0).
std::vector<std::uint32_t> keys_cut_every(std::size_t n, std::size_t length, std::size_t offset) {
    std::vector<std::uint32_t> keys(n);
    for (std::size_t i = 0; i < n; ++i)
        keys[i] = static_cast<std::uint32_t>((i + length - offset % length) / length);
    return keys;
}

void expect_scans_like_the_cpu(const std::vector<std::uint32_t>& keys, const std::string& what) {
    const std::vector<std::uint32_t> values = segment_values(keys.size(), keys.size() + 3);
    const std::vector<std::uint32_t> expected = cpu_segmented_scan(keys, values);
    for (int threads : {32, 64})
        for (const GridSchedule& schedule : kSchedules)
            EXPECT_EQ(emulate_segmented_scan(keys, values, schedule, threads), expected)
                << what << ", " << threads << " threads, schedule " << int(schedule.order);
}

TEST(SegmentedScan, RandomSegmentsEqualTheCpu) {
    for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(64), std::size_t(65),
                          std::size_t(1000), std::size_t(4097)})
        for (std::uint64_t mean : {1u, 3u, 40u, 1000u})
            expect_scans_like_the_cpu(segment_keys(n, mean, n + mean),
                                      "n=" + std::to_string(n) + " mean length " + std::to_string(mean));
}

// One segment: every tile's look-back walks back to tile 0; all heads: no tile looks back past its neighbour.
TEST(SegmentedScan, OneSegmentAndAllHeads) {
    for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(127), std::size_t(129), std::size_t(2049)}) {
        expect_scans_like_the_cpu(std::vector<std::uint32_t>(n, 7u), "one segment, n=" + std::to_string(n));
        std::vector<std::uint32_t> heads(n);
        for (std::size_t i = 0; i < n; ++i)
            heads[i] = static_cast<std::uint32_t>(i);
        expect_scans_like_the_cpu(heads, "all heads, n=" + std::to_string(n));
    }
}

// Heads exactly at the tiles' first elements (tiles of 32 × 2 and 64 × 2), one element after, one before; and at
// the threads' and warps' edges (2 elements a thread, 64 a warp).
TEST(SegmentedScan, HeadsAtTileWarpAndThreadEdges) {
    for (std::size_t length : {std::size_t(2), std::size_t(64), std::size_t(128)})
        for (std::size_t offset : {std::size_t(0), std::size_t(1), length - 1})
            expect_scans_like_the_cpu(keys_cut_every(1000, length, offset),
                                      "segments of " + std::to_string(length) + " from " + std::to_string(offset));
}

// The look-back is the scan's: a tile holding a head publishes its prefix at once, and a later tile's carry
// stops there. A segment that spans many tiles of a shuffled schedule still sums right, and the sums wrap.
TEST(SegmentedScan, LongSegmentsAcrossManyTilesWrapLikeTheGpu) {
    std::vector<std::uint32_t> keys = keys_cut_every(3000, 1100, 0);
    std::vector<std::uint32_t> values(keys.size(), 0x7fffffffu);
    const std::vector<std::uint32_t> expected = cpu_segmented_scan(keys, values);
    EXPECT_EQ(expected[1], 0xfffffffeu);
    for (const GridSchedule& schedule : kSchedules)
        EXPECT_EQ(emulate_segmented_scan(keys, values, schedule), expected);
}

TEST(SegmentedScan, RefusesWhatItCannotScan) {
    const std::vector<std::uint32_t> one{1};
    EXPECT_THROW(emulate_segmented_scan({}, {}, kSchedules[0]), std::invalid_argument);
    EXPECT_THROW(emulate_segmented_scan({1, 2}, one, kSchedules[0]), std::invalid_argument);
    EXPECT_THROW(emulate_segmented_scan(one, one, kSchedules[0], 48), std::invalid_argument);
    EXPECT_THROW(segment_keys(10, 0, 1), std::invalid_argument);
}

TEST(SegmentedScan, TheInputsHaveTheSegmentsAsked) {
    EXPECT_EQ(segment_count(segment_keys(1000, 1, 5)), 1000u);
    EXPECT_EQ(segment_count(std::vector<std::uint32_t>(50, 3u)), 1u);
    const std::uint64_t segments = segment_count(segment_keys(1 << 20, 1000, 5));
    EXPECT_GT(segments, 950u);  // 1048.6 expected
    EXPECT_LT(segments, 1150u);
}

} // namespace
} // namespace prefixlab::test
