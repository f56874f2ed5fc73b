// The textbook multi-block radix sort (issue 36, kernels/grid/grid_sort_plan.hpp) in the emulator: every key
// type, N ∈ {1, 2, 31, 33, 1000, 4097} with 32-thread blocks (up to 33 tiles of 128 keys, 528 digit counts:
// a spine of two levels), keys all equal, sorted, reversed, random, in the high bits only and in the low bits
// only, blocks started in order and reversed: equal to std::stable_sort by each type's order. Pairs: each
// key's value (its index) goes with it, and equal keys keep their order. Threads the rule refuses, no keys and
// a value count other than the keys' are refused.
#include "core/analysis/digit_look_back.hpp"
#include "core/emulator/emulate_grid_sort.hpp"
#include "core/emulator/grid_recording.hpp"
#include "kernels/common/radix_key.hpp"
#include "kernels/grid/onesweep_sort_plan.hpp"
#include "support/sanitizer.hpp"
#include "support/scan_test_support.hpp"
#include "support/sort_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>

namespace prefixlab::test {
namespace {

constexpr Keys kAllKeys[] = {Keys::all_equal, Keys::sorted, Keys::reversed, Keys::random, Keys::high_bits,
                             Keys::low_bits};

GridSortRequest request_of(ElementType type, Keys keys, std::size_t n, int threads, bool onesweep = false) {
    GridSortRequest request;
    request.type = type;
    request.threads = threads;
    request.onesweep = onesweep;
    request.keys = keys_of(keys, type, n, static_cast<std::uint32_t>(n * 3 + 1));
    return request;
}

const char* form_of(bool onesweep) { return onesweep ? "onesweep" : "textbook"; }

TEST(GridSort, EveryTypeKindAndSizeGivesStableSort) {
    for (bool onesweep : {false, true})
    for (ElementType type : all_element_types())
        for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(31), std::size_t(33), std::size_t(1000),
                              std::size_t(4097)})
            for (Keys keys : kAllKeys)
                for (BlockStartOrder order : {BlockStartOrder::in_order, BlockStartOrder::reversed}) {
                    const GridSortRequest request = request_of(type, keys, n, 32, onesweep);
                    const std::string what = std::string(form_of(onesweep)) + " " + std::string(name_of(type)) +
                                             " n=" + std::to_string(n) + " " + name_of_keys(keys) + " " +
                                             std::string(name_of(order));
                    const GridSortResult result = emulate_grid_sort(request, GridSchedule{4, order, 0});
                    ASSERT_EQ(result.keys, std_sorted(type, request.keys)) << what;
                    EXPECT_TRUE(result.values.empty()) << what;
                }
}

TEST(GridSort, PairsGoWithTheirKeysAndEqualKeysKeepTheirOrder) {
    for (bool onesweep : {false, true})
    for (ElementType type : all_element_types())
        for (std::size_t n : {std::size_t(1), std::size_t(33), std::size_t(4097)})
            for (Keys keys : {Keys::all_equal, Keys::low_bits, Keys::high_bits, Keys::random}) {
                GridSortRequest request = request_of(type, keys, n, 64, onesweep);
                request.values.resize(n);
                std::iota(request.values.begin(), request.values.end(), 0u);
                const std::string what = std::string(form_of(onesweep)) + " " + std::string(name_of(type)) +
                                         " n=" + std::to_string(n) + " " + name_of_keys(keys);
                const GridSortResult result = emulate_grid_sort(request, GridSchedule{3, BlockStartOrder::reversed, 0});
                ASSERT_EQ(result.keys, std_sorted(type, request.keys)) << what;
                expect_stable_pairs(request.keys, result.keys, result.values, what);
            }
}

// Floats of every kind in IEEE 754's totalOrder: -NaN, -inf, a negative denormal, -0.0, +0.0, a positive
// denormal, +inf, +NaN, each twice among 1000 random floats.
TEST(GridSort, FloatSpecialsSortInTotalOrder) {
    for (bool onesweep : {false, true}) {
    GridSortRequest request = request_of(ElementType::float32, Keys::random, 1000, 128, onesweep);
    const std::uint32_t specials[] = {0xffc00000u, 0xff800000u, 0x80000001u, 0x80000000u,
                                      0x00000000u, 0x00000001u, 0x7f800000u, 0x7fc00000u};
    for (std::size_t k = 0; k < 16; ++k)
        request.keys[k * 61] = specials[k % 8];
    const GridSortResult result = emulate_grid_sort(request, GridSchedule{});
    EXPECT_EQ(result.keys, std_sorted(ElementType::float32, request.keys));
    // the random words hold NaNs of other payloads too: the specials' own order is what is checked here
    std::size_t last = 0;
    for (std::uint32_t special : specials) {
        const auto at = std::find(result.keys.begin(), result.keys.end(), special);
        ASSERT_NE(at, result.keys.end()) << std::hex << special;
        const auto index = static_cast<std::size_t>(at - result.keys.begin());
        EXPECT_GE(index, last) << form_of(onesweep) << " " << std::hex << special;
        last = index;
    }
    }
}

// About 3 s in a release build (8 passes of three launches over 2^16 keys; Onesweep's 4 of one).
TEST(GridSort, TwoToTheSixteenRandomKeysWith256Threads) {
    if (kUnderAddressSanitizer)
        GTEST_SKIP() << "N = 2^16 runs in the main job's release build (minutes under AddressSanitizer)";
    for (bool onesweep : {false, true}) {
        const GridSortRequest request = request_of(ElementType::uint32, Keys::random, std::size_t(1) << 16, 256, onesweep);
        EXPECT_EQ(emulate_grid_sort(request, GridSchedule{}).keys, std_sorted(ElementType::uint32, request.keys))
            << form_of(onesweep);
    }
}

// Onesweep's look-back reading 4 and 8 predecessors at once (the 9 tiles of 4097 keys make windows that reach
// past tile 0), and its other histogram (window 0 below: by ballots, or by shared atomics), sort as the first
// form does.
TEST(GridSort, EveryLookBackWindowGivesTheSameSort) {
    for (int window : {1, 4, 8, 0})
        for (std::size_t n : {std::size_t(33), std::size_t(1000), std::size_t(4097)})
            for (Keys keys : {Keys::random, Keys::low_bits, Keys::all_equal}) {
                GridSortRequest request = request_of(ElementType::uint32, keys, n, 256, true);
                request.onesweep_window = window == 0 ? kOnesweepWindow : window;
                request.onesweep_shared_counts = window == 0 ? !kOnesweepSharedCounts : kOnesweepSharedCounts;
                request.values.resize(n);
                std::iota(request.values.begin(), request.values.end(), 0u);
                const std::string what = "window " + std::to_string(window) + " n=" + std::to_string(n) + " " +
                                         name_of_keys(keys);
                for (BlockStartOrder order : {BlockStartOrder::in_order, BlockStartOrder::reversed}) {
                    const GridSortResult result = emulate_grid_sort(request, GridSchedule{3, order, 0});
                    ASSERT_EQ(result.keys, std_sorted(ElementType::uint32, request.keys)) << what;
                    expect_stable_pairs(request.keys, result.keys, result.values, what);
                }
            }
}

// Onesweep's look-backs, a vector of 256 a tile, recorded by the emulator under three schedules: every
// (tile, digit) publishes its count, and a prefix equal to what it read plus that count and to the digit's
// keys in the tiles up to its own (check_digit_look_backs). A prefix one too large is found.
TEST(GridSort, OnesweepsLookBacksAreConsistentUnderEverySchedule) {
    const std::uint32_t tile = static_cast<std::uint32_t>(onesweep_tile(kOnesweepTracedItems));
    int deep = 0;
    for (ElementType type : {ElementType::uint32, ElementType::float32})
        for (std::size_t n : {std::size_t(33), std::size_t(4097)})
            for (Keys keys : {Keys::random, Keys::low_bits, Keys::all_equal})
                for (const GridSchedule& schedule : {GridSchedule{3, BlockStartOrder::in_order, 0},
                                                     GridSchedule{3, BlockStartOrder::reversed, 0},
                                                     GridSchedule{5, BlockStartOrder::seeded_random, 7}}) {
                    const GridSortRequest request = request_of(type, keys, n, 256, true);
                    const std::string what = std::string(name_of(type)) + " n=" + std::to_string(n) + " " +
                                             name_of_keys(keys) + " resident " + std::to_string(schedule.resident);
                    GridRecording recording;
                    ASSERT_EQ(emulate_grid_sort(request, schedule, &recording).keys, std_sorted(type, request.keys))
                        << what;
                    std::vector<DigitPassLookBacks> passes = digit_look_backs_of(recording.accesses, n, tile);
                    const int end_bit = radix_end_bit(type, request.keys.data(), n);
                    ASSERT_EQ(passes.size(), std::size_t(onesweep_passes(end_bit))) << what;
                    ASSERT_EQ(passes[0].words.size(), ((n + tile - 1) / tile) * kOnesweepDigits) << what;
                    EXPECT_EQ(check_digit_look_backs(passes, type, request.keys, tile), "") << what;
                    for (const DigitPassLookBacks& pass : passes)
                        for (const TileLookBack& word : pass.words)
                            deep += word.depth > 1 ? 1 : 0;
                    if (n == 4097 && keys == Keys::random) {
                        TileLookBack& word = passes.back().words[kOnesweepDigits + 3]; // tile 1, digit 3
                        ++word.prefix_bits;
                        EXPECT_NE(check_digit_look_backs(passes, type, request.keys, tile).find("tile 1, digit 3"),
                                  std::string::npos)
                            << what;
                    }
                }
    EXPECT_GT(deep, 0); // some tile walked back past its predecessor
}

// A digit no key of a pass has is 0 in every tile: Onesweep's pass neither publishes it nor looks back for it
// (keys of 0..9 in the low byte: 10 digits of 256 in pass 0; pass 1's keys all have digit 0 or 1). A word of
// such a digit that is published after all is named.
TEST(GridSort, OnesweepSkipsTheDigitsNoKeyHas) {
    const std::size_t n = 4097;
    const std::uint32_t tile = static_cast<std::uint32_t>(onesweep_tile(kOnesweepTracedItems));
    GridSortRequest request = request_of(ElementType::uint32, Keys::random, n, 256, true);
    for (std::size_t i = 0; i < n; ++i) // digit i % 10 in pass 0, (i >> 11) & 1 in pass 1
        request.keys[i] = static_cast<std::uint32_t>(i % 10) | static_cast<std::uint32_t>((i >> 11) & 1u) << 8;
    GridRecording recording;
    ASSERT_EQ(emulate_grid_sort(request, GridSchedule{4, BlockStartOrder::reversed, 0}, &recording).keys,
              std_sorted(ElementType::uint32, request.keys));
    std::vector<DigitPassLookBacks> passes = digit_look_backs_of(recording.accesses, n, tile);
    ASSERT_EQ(passes.size(), 2u);
    EXPECT_EQ(check_digit_look_backs(passes, ElementType::uint32, request.keys, tile), "");
    const std::uint32_t present[] = {10, 2};
    for (std::size_t p = 0; p < passes.size(); ++p)
        for (std::uint32_t t = 0; t < passes[p].tiles; ++t)
            for (std::uint32_t d = 0; d < kOnesweepDigits; ++d) {
                const TileLookBack& word = passes[p].words[std::size_t(t) * kOnesweepDigits + d];
                const bool published = word.aggregate.has_value() && word.prefix.has_value();
                EXPECT_EQ(published, d < present[p]) << "pass " << p << " tile " << t << " digit " << d;
                if (d >= present[p])
                    EXPECT_TRUE(word.polls.empty()) << "pass " << p << " tile " << t << " digit " << d;
            }
    TileLookBack& absent = passes[0].words[std::size_t(1) * kOnesweepDigits + 200]; // tile 1, digit 200
    absent.aggregate = GridMoment{0, 0};
    EXPECT_NE(check_digit_look_backs(passes, ElementType::uint32, request.keys, tile)
                  .find("pass 0, tile 1, digit 200: no key of the pass has the digit, yet its word was published"),
              std::string::npos);
}

TEST(GridSort, ThreadsTheRuleRefusesNoKeysAndOddValuesAreRefused) {
    GridSortRequest request;
    request.keys = {3, 1, 2};
    for (int threads : {0, 16, 33, 1056, 2048}) {
        request.threads = threads;
        EXPECT_THROW(emulate_grid_sort(request, GridSchedule{}), std::invalid_argument) << threads;
    }
    request.threads = 64;
    request.values = {1, 2};
    EXPECT_THROW(emulate_grid_sort(request, GridSchedule{}), std::invalid_argument);
    request.values.clear();
    request.onesweep = true;
    for (int window : {0, 2, 16}) {
        request.onesweep_window = window;
        EXPECT_THROW(emulate_grid_sort(request, GridSchedule{}), std::invalid_argument) << window;
    }
    request.onesweep_window = kOnesweepWindow == 8 ? 1 : 8; // the other histogram is built with the tuned window only
    request.onesweep_shared_counts = !kOnesweepSharedCounts;
    EXPECT_THROW(emulate_grid_sort(request, GridSchedule{}), std::invalid_argument);
    request.keys.clear();
    EXPECT_THROW(emulate_grid_sort(request, GridSchedule{}), std::invalid_argument);
}

} // namespace
} // namespace prefixlab::test
