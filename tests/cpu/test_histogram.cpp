// Histograms across blocks in the emulator (kernels/grid/histogram_tiles.cuh, issue 37): every way of counting
// (global atomics, privatised shared atomics, warp-aggregated atomics) gives the CPU's counts for every number
// of keys, of bins and kind of input, under schedules with few and many resident blocks; warp aggregation
// makes one atomic a bin a row, where the others make one a key; and the inputs are what they say.
#include "core/bench/cpu_histogram.hpp"
#include "core/emulator/emulate_histogram.hpp"
#include "core/emulator/grid_recording.hpp"
#include "kernels/grid/histogram_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>

namespace prefixlab::test {
namespace {

constexpr HistogramMethod kMethods[] = {HistogramMethod::global_atomics, HistogramMethod::shared_atomics,
                                        HistogramMethod::warp_aggregated};
constexpr HistogramInput kInputs[] = {HistogramInput::uniform, HistogramInput::one_bin, HistogramInput::zipf};

std::string describe(HistogramMethod method, HistogramInput input, std::size_t n, std::uint32_t bins) {
    const char* methods[] = {"global atomics", "shared atomics", "warp-aggregated"};
    const char* inputs[] = {"uniform", "one bin", "zipf"};
    return std::string(methods[int(method)]) + ", " + inputs[int(input)] + ", n=" + std::to_string(n) +
           ", bins=" + std::to_string(bins);
}

TEST(Histogram, EveryMethodSizeBinsAndInputGivesTheCpusCounts) {
    for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(2049), std::size_t(4097)})
        for (std::uint32_t bins : {1u, 2u, 255u, 256u, 4096u})
            for (HistogramInput input : kInputs) {
                const std::vector<std::uint32_t> keys = histogram_input(n, input, bins, 7 + n);
                const std::vector<std::uint32_t> expected = cpu_histogram(keys, bins);
                ASSERT_EQ(std::accumulate(expected.begin(), expected.end(), std::uint64_t(0)), n);
                for (HistogramMethod method : kMethods)
                    for (const GridSchedule& schedule :
                         {GridSchedule{2, BlockStartOrder::in_order, 0}, GridSchedule{5, BlockStartOrder::seeded_random, 3}})
                        EXPECT_EQ(emulate_histogram(keys, bins, method, schedule), expected)
                            << describe(method, input, n, bins) << ", resident " << schedule.resident;
            }
}

// 2^16 keys in 32 tiles, each block looping over several.
TEST(Histogram, ManyTilesAPieceGiveTheCpusCounts) {
    const std::size_t n = std::size_t(1) << 16;
    for (HistogramInput input : kInputs) {
        const std::vector<std::uint32_t> keys = histogram_input(n, input, 256, 11);
        for (HistogramMethod method : kMethods)
            EXPECT_EQ(emulate_histogram(keys, 256, method, GridSchedule{3, BlockStartOrder::reversed, 0}),
                      histogram_on_every_core(keys, 256))
                << describe(method, input, n, 256);
    }
}

// The atomics each method makes on the grid's bins: global atomics one a key; the privatised ones one a
// non-empty bin a block, after counting in the block's own bins.
TEST(Histogram, EachMethodMakesTheAtomicsItSays) {
    const std::size_t n = 4096; // 2 tiles of 256 × 8
    const std::uint32_t bins = 16;
    const auto grid_atomics = [&](HistogramMethod method, HistogramInput input) {
        GridRecording recording;
        const std::vector<std::uint32_t> keys = histogram_input(n, input, bins, 5);
        EXPECT_EQ(emulate_histogram(keys, bins, method, GridSchedule{2, BlockStartOrder::in_order, 0}, &recording),
                  cpu_histogram(keys, bins));
        return std::size_t(std::count_if(recording.accesses.begin(), recording.accesses.end(), [](const GridAccessRecord& a) {
            return a.kind == GridAccessKind::atomic && a.buffer == BufferId::tile_totals;
        }));
    };
    EXPECT_EQ(grid_atomics(HistogramMethod::global_atomics, HistogramInput::uniform), n);
    EXPECT_EQ(grid_atomics(HistogramMethod::global_atomics, HistogramInput::one_bin), n);
    EXPECT_EQ(grid_atomics(HistogramMethod::shared_atomics, HistogramInput::uniform), 2u * bins); // 2 blocks
    EXPECT_EQ(grid_atomics(HistogramMethod::shared_atomics, HistogramInput::one_bin), 2u);
    EXPECT_EQ(grid_atomics(HistogramMethod::warp_aggregated, HistogramInput::one_bin), 2u);
}

TEST(Histogram, InputsAreWhatTheySay) {
    const std::uint32_t bins = 100;
    const std::vector<std::uint32_t> one = cpu_histogram(histogram_input(10000, HistogramInput::one_bin, bins, 1), bins);
    EXPECT_EQ(one[bins / 2], 10000u);
    const std::vector<std::uint32_t> zipf = cpu_histogram(histogram_input(100000, HistogramInput::zipf, bins, 1), bins);
    EXPECT_GT(zipf[0], 3 * zipf[9]); // weight 1 against 1/10
    EXPECT_GT(zipf[9], zipf[99]);
    const std::vector<std::uint32_t> uniform = cpu_histogram(histogram_input(100000, HistogramInput::uniform, bins, 1), bins);
    EXPECT_LT(*std::max_element(uniform.begin(), uniform.end()), 2 * *std::min_element(uniform.begin(), uniform.end()));
    EXPECT_EQ(histogram_bin(0xffffffffu, 4096), 4095u);
    EXPECT_EQ(histogram_bin(0u, 4096), 0u);
    EXPECT_THROW(emulate_histogram({1, 2}, 0, HistogramMethod::shared_atomics, GridSchedule{}), std::invalid_argument);
    EXPECT_THROW(emulate_histogram({1, 2}, 4097, HistogramMethod::shared_atomics, GridSchedule{}), std::invalid_argument);
    EXPECT_THROW(emulate_histogram({}, 8, HistogramMethod::shared_atomics, GridSchedule{}), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
