// The one-block LSD radix sorts (issue 36), one bit a pass (kernels/block/radix_sort_bits.cuh) and a
// 4-bit digit a pass (radix_sort_digits.cuh), in the emulator: every element type and awkward N, keys all
// equal, sorted, reversed, random in all 32 bits, in the high bits only and in the low bits only, under every
// warp order, equal to std::stable_sort (floats by std::strong_order, IEEE 754's totalOrder, a reference
// apart from the kernel's radix_key). The trace makes one pass per bit up to the highest in which two keys
// differ, each pass a flag step, ceil(log2 N) scan iterations of two steps and a scatter; the Values table's
// arrows show the scatter.
#include "core/analysis/read_origin.hpp"
#include "core/analysis/sort_bits.hpp"
#include "core/analysis/table_arrows.hpp"
#include "core/analysis/value_table_model.hpp"
#include "core/emulator/emulate_block_scan.hpp"
#include "core/ground/output_check.hpp"
#include "core/trace/trace_value_json.hpp"
#include "kernels/common/radix_key.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"
#include "support/sort_support.hpp"

#include <algorithm>
#include <bit>
#include <compare>
#include <gtest/gtest.h>
#include <limits>
#include <map>
#include <random>

namespace prefixlab::test {
namespace {

constexpr BlockAlgorithm kSort = kernel_id("radix-sort-1bit");
constexpr BlockAlgorithm kDigitSort = kernel_id("radix-sort-4bit");
constexpr BlockAlgorithm kSorts[] = {kSort, kDigitSort};

int ceil_log2(int n) {
    int iterations = 0;
    while ((1 << iterations) < n)
        ++iterations;
    return iterations;
}

RawTrace sorted_in_emulator(ElementType type, std::vector<std::uint32_t> input,
                            WarpOrder order = WarpOrder::in_order, BlockAlgorithm sort = kSort) {
    BlockRequest request = make_request(sort, static_cast<int>(input.size()), InputKind::iota, 1, type);
    request.input = std::move(input);
    request.warp_order = order;
    return emulate_block_scan(request);
}

TEST(EmulatedRadixSort, EveryTypeSizeAndKindOfKeysIsStdStableSortUnderEveryWarpOrder) {
    for (BlockAlgorithm sort : kSorts)
        for (ElementType type : all_element_types())
            for (int n : {1, 2, 31, 33, 200, 1024})
                for (Keys keys : {Keys::all_equal, Keys::sorted, Keys::reversed, Keys::random,
                                  Keys::high_bits, Keys::low_bits})
                    for (WarpOrder order : all_warp_orders()) {
                        // the schedules differ between warps: two warps show them; 1024 keys in one order
                        // (time)
                        if (n > 33 && order != WarpOrder::in_order)
                            continue;
                        const std::string what = std::string(name_of(sort)) + " " +
                                                 std::string(name_of(type)) + " n=" + std::to_string(n) +
                                                 " " + name_of_keys(keys) + " " + std::string(name_of(order));
                        const std::vector<std::uint32_t> input =
                            keys_of(keys, type, n, static_cast<std::uint32_t>(n));
                        const RawTrace raw = sorted_in_emulator(type, input, order, sort);
                        ASSERT_EQ(raw.output, std_sorted(type, input)) << what;
                        EXPECT_EQ(check_kernel_output(KernelKind::sort, type, ScanOperator::add, false, input,
                                                      raw.output, KeepPredicate{})
                                      .wrong_count,
                                  0u)
                            << what;
                    }
}

// IEEE 754's totalOrder for floats (radix_key.hpp, docs/sorting.md): -NaN, -inf, negatives, -0.0, +0.0,
// denormals, positives, +inf, +NaN; every key kept bit for bit.
TEST(EmulatedRadixSort, FloatKeysSortInTotalOrderWithSignedZerosInfinitiesNaNsAndDenormals) {
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float denormal = std::numeric_limits<float>::denorm_min();
    const std::vector<float> keys = {1.5f, -0.0f, nan, -inf,      0.0f, denormal,
                                     -nan, -2.0f, inf, -denormal, 0.0f, -0.0f};
    std::vector<std::uint32_t> input;
    for (float k : keys)
        input.push_back(std::bit_cast<std::uint32_t>(k));
    const std::vector<float> expected = {-nan, -inf, -2.0f,    -denormal, -0.0f, -0.0f,
                                         0.0f, 0.0f, denormal, 1.5f,      inf,   nan};
    for (BlockAlgorithm sort : kSorts) {
        const RawTrace raw = sorted_in_emulator(ElementType::float32, input, WarpOrder::in_order, sort);
        ASSERT_EQ(raw.output.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i)
            EXPECT_EQ(raw.output[i], std::bit_cast<std::uint32_t>(expected[i]))
                << name_of(sort) << " position " << i;
        EXPECT_EQ(raw.output, std_sorted(ElementType::float32, input));
    }
}

// Negative int32 keys come before the positive ones (the sign bit flipped): INT_MIN first.
TEST(EmulatedRadixSort, NegativeIntegersComeFirst) {
    const std::vector<std::int32_t> keys = {
        5, -1, std::numeric_limits<std::int32_t>::max(), 0, std::numeric_limits<std::int32_t>::min(), -7};
    std::vector<std::uint32_t> input;
    for (std::int32_t k : keys)
        input.push_back(std::bit_cast<std::uint32_t>(k));
    for (BlockAlgorithm sort : kSorts) {
        const RawTrace raw = sorted_in_emulator(ElementType::int32, input, WarpOrder::in_order, sort);
        std::vector<std::int32_t> got;
        for (std::uint32_t b : raw.output)
            got.push_back(std::bit_cast<std::int32_t>(b));
        EXPECT_EQ(got, (std::vector<std::int32_t>{std::numeric_limits<std::int32_t>::min(), -7, -1, 0, 5,
                                                  std::numeric_limits<std::int32_t>::max()}))
            << name_of(sort);
    }
}

// The passes are the bits up to the highest in which two keys differ: the numbers 0..15 four, equal
// keys none, -1 and 0 as int32 all 32 (they differ in every bit of their radix_key).
TEST(EmulatedRadixSort, ThePassesAreTheBitsInWhichTheKeysDiffer) {
    const std::vector<std::uint32_t> zero_to_fifteen = {9, 3, 12, 0, 7, 3, 15, 1, 8, 2, 11, 5, 3, 14, 6, 10};
    EXPECT_EQ(radix_end_bit(ElementType::uint32, zero_to_fifteen.data(), zero_to_fifteen.size()), 4);
    EXPECT_EQ(radix_end_bit(ElementType::int32, zero_to_fifteen.data(), zero_to_fifteen.size()), 4);
    const std::vector<std::uint32_t> equal(7, 42u);
    EXPECT_EQ(radix_end_bit(ElementType::uint32, equal.data(), equal.size()), 0);
    const std::vector<std::uint32_t> minus_one_and_zero = {0xffffffffu, 0u};
    EXPECT_EQ(radix_end_bit(ElementType::int32, minus_one_and_zero.data(), 2), 32);
    EXPECT_EQ(radix_end_bit(ElementType::uint32, minus_one_and_zero.data(), 2), 32);
    const std::vector<std::uint32_t> six_and_seven = {6, 7}; // differ in bit 0 only: bit 0 is the last
    EXPECT_EQ(radix_end_bit(ElementType::uint32, six_and_seven.data(), 2), 1);
    const std::vector<std::uint32_t> four_and_six = {4, 6}; // differ in bit 1: bits 0 and 1 are passed over
    EXPECT_EQ(radix_end_bit(ElementType::uint32, four_and_six.data(), 2), 2);
}

TEST(EmulatedRadixSort, TheTraceMakesAFlagScanAndScatterPassPerBit) {
    for (int n : {1, 2, 16, 33, 1024})
        for (Keys keys : {Keys::all_equal, Keys::low_bits, Keys::high_bits}) {
            const std::vector<std::uint32_t> input = keys_of(keys, ElementType::uint32, n, 5);
            const RawTrace raw = sorted_in_emulator(ElementType::uint32, input);
            const int passes = radix_end_bit(ElementType::uint32, input.data(), input.size());
            ASSERT_EQ(raw.steps.size(), static_cast<std::size_t>(2 + passes * (2 + 2 * ceil_log2(n))))
                << name_of_keys(keys) << " n=" << n;
            std::vector<int> scatter_levels;
            for (const StepTag& tag : raw.steps)
                if (tag.phase == phase_id("sort-bit-scatter"))
                    scatter_levels.push_back(tag.level);
            ASSERT_EQ(scatter_levels.size(), static_cast<std::size_t>(passes))
                << name_of_keys(keys) << " n=" << n;
            for (int p = 0; p < passes; ++p)
                EXPECT_EQ(scatter_levels[p], p) << "pass " << p << " splits on bit " << p;
        }
}

// The 4-bit sort: a pass per 4 bits, each clearing the counts, five ballots (the lanes holding a key,
// then a digit bit each), the warps' counts, ceil(log2(16 W)) scan iterations of two steps and a scatter.
TEST(EmulatedRadixSort, TheDigitSortMakesAPassPerFourBitsWithFiveBallots) {
    for (int n : {1, 2, 16, 33, 1024})
        for (Keys keys : {Keys::all_equal, Keys::low_bits, Keys::high_bits, Keys::random}) {
            const std::vector<std::uint32_t> input = keys_of(keys, ElementType::uint32, n, 9);
            const RawTrace raw =
                sorted_in_emulator(ElementType::uint32, input, WarpOrder::in_order, kDigitSort);
            const int bits = radix_end_bit(ElementType::uint32, input.data(), input.size());
            const int passes = (bits + 3) / 4;
            const int warps = (n + 31) / 32;
            ASSERT_EQ(raw.steps.size(),
                      static_cast<std::size_t>(2 + passes * (8 + 2 * ceil_log2(16 * warps))))
                << name_of_keys(keys) << " n=" << n;
            std::vector<int> scatter_levels;
            int ballots = 0;
            for (const StepTag& tag : raw.steps) {
                if (tag.phase == phase_id("sort-digit-scatter"))
                    scatter_levels.push_back(tag.level);
                ballots += tag.opening == StepOpening::shuffle;
            }
            EXPECT_EQ(ballots, 5 * passes) << name_of_keys(keys) << " n=" << n;
            ASSERT_EQ(scatter_levels.size(), static_cast<std::size_t>(passes));
            for (int p = 0; p < passes; ++p)
                EXPECT_EQ(scatter_levels[p], p);
        }
}

// After each pass of the 4-bit sort the keys are sorted by their digits so far, stably (the Values
// table's rows): pass 0 of keys 0..255 reversed leaves them ordered by their low 4 bits, ties in input order.
TEST(EmulatedRadixSort, EachDigitPassLeavesTheKeysSortedByTheDigitsSoFar) {
    std::vector<std::uint32_t> input;
    for (std::uint32_t k = 0; k < 256; ++k)
        input.push_back(255 - k);
    const RawTrace raw = sorted_in_emulator(ElementType::uint32, input, WarpOrder::reversed, kDigitSort);
    const std::uint32_t words = raw.shared_words;
    for (std::size_t s = 0; s < raw.steps.size(); ++s) {
        if (raw.steps[s].phase != phase_id("sort-digit-scatter"))
            continue;
        const int pass = raw.steps[s].level;
        std::vector<std::uint32_t> shown(raw.shared.begin() + std::ptrdiff_t(s * words),
                                         raw.shared.begin() + std::ptrdiff_t(s * words + 256));
        std::vector<std::uint32_t> expected = input;
        const std::uint32_t mask = (16u << (4 * pass)) - 1;
        std::stable_sort(expected.begin(), expected.end(),
                         [mask](std::uint32_t a, std::uint32_t b) { return (a & mask) < (b & mask); });
        EXPECT_EQ(shown, expected) << "after pass " << pass;
    }
}

// The Values table shows what each step wrote: a shared word's cell at a step's row holds the last value
// the step wrote to it. A step that ends at a ballot or shuffle has no snapshot of its own (it repeats the
// one before), so a kernel writes shared memory only in steps that end at a barrier; the 4-bit sort once
// cleared its counts in a step a ballot ended, and the table showed 0xdeadbeef there. Every kernel of the
// catalogue, at two sizes.
TEST(EmulatedRadixSort, EveryKernelsTableShowsWhatEachStepWroteToSharedMemory) {
    for (BlockAlgorithm algorithm : correct_algorithms())
        for (int n : {16, 33}) {
            const Trace trace = emulated_trace(algorithm, n, InputKind::random, 3);
            const ValueTableModel model = build_value_table_model(trace);
            std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> last; // (step, word) → bits
            for (const AccessRecord& a : trace.accesses)
                if (a.kind == AccessKind::write && is_shared_word_access(a) && a.word < trace.config.shared_words)
                    last[{a.step, a.word}] = a.value;
            for (const auto& [where, bits] : last) {
                std::uint32_t shown = 0;
                const ValueTableColumn& column = model.columns[static_cast<std::size_t>(model.registers) + where.second];
                ASSERT_TRUE(table_cell_value(trace, column, static_cast<int>(where.first), shown))
                    << name_of(algorithm) << " n=" << n << " step " << where.first << " word " << where.second;
                EXPECT_EQ(shown, bits) << name_of(algorithm) << " n=" << n << " step " << where.first << " word "
                                       << where.second;
            }
        }
}

// The check fails on keys out of order and on a key lost (another duplicated in its place).
TEST(EmulatedRadixSort, TheCheckFindsDisorderAndALostKey) {
    const std::vector<std::uint32_t> input = {3, 1, 2, 1};
    EXPECT_EQ(check_sort_output(ElementType::uint32, input, {1, 1, 2, 3}).wrong_count, 0u);
    EXPECT_EQ(check_sort_output(ElementType::uint32, input, {1, 2, 1, 3}).wrong_count, 2u);
    EXPECT_EQ(check_sort_output(ElementType::uint32, input, {1, 1, 3, 3}).wrong_count, 1u);
    EXPECT_EQ(check_sort_output(ElementType::int32, {0xffffffffu, 1u}, {1u, 0xffffffffu}).wrong_count, 2u)
        << "-1 comes before 1 as int32";
}

// The Values table's arrows of a scatter run from each key's word, as the flag step read it, to the word
// the key moves to.
TEST(EmulatedRadixSort, TheScatterDrawsAnArrowFromEachKeyToItsPlace) {
    const Trace trace = emulated_trace(kSort, 4, InputKind::iota, 1); // keys 0 1 2 3: two passes
    const ValueTableModel model = build_value_table_model(trace);
    int scatter = -1;
    for (std::size_t s = 0; s < trace.steps.size() && scatter < 0; ++s)
        if (trace.steps[s].tag.phase == phase_id("sort-bit-scatter"))
            scatter = static_cast<int>(s);
    ASSERT_GE(scatter, 0);
    const std::vector<TableArrow> arrows = table_arrows(trace, model, scatter);
    // pass 0 on 0 1 2 3: the evens 0 2 first, then the odds 1 3: key 1 moves from word 1 to word 2, key 2
    // from word 2 to word 1, keys 0 and 3 stay
    const int keys = model.registers; // the keys are shared memory's first buffer
    // each from the row just above the scatter, where the key still stands (not from the flag step's row,
    // ten rows up: the arrow would cross the rows between)
    const auto moved = [&](int from, int to) {
        return std::ranges::any_of(arrows, [&](const TableArrow& a) {
            return a.from_column == keys + from && a.to_column == keys + to && a.to_row == scatter &&
                   a.from_row == scatter - 1;
        });
    };
    EXPECT_TRUE(moved(1, 2)) << arrows.size();
    EXPECT_TRUE(moved(2, 1)) << arrows.size();
    EXPECT_TRUE(moved(0, 0));
    EXPECT_TRUE(moved(3, 3));
}

// What the Values table shows of the keys (core/analysis/sort_bits.hpp): keys of up to 8 bits in binary,
// the radix key's bits; each pass's steps name the bit they split on, the load and the store none; the
// keys are the first buffer's words, not the counts'.
TEST(EmulatedRadixSort, TheValuesTableShowsFewBitKeysInBinaryWithEachStepsPass) {
    const Trace trace = emulated_trace(kSort, 16, InputKind::iota, 1); // 0..15: 4 bits, 4 passes
    EXPECT_EQ(sort_bits_in_binary(trace), 4);
    EXPECT_EQ(key_in_binary(ElementType::uint32, 11, 4), "1011");
    EXPECT_EQ(key_in_binary(ElementType::int32, 5, 4), "0101");
    EXPECT_EQ(key_in_binary(ElementType::int32, 0xffffffffu, 32), "0" + std::string(31, '1'))
        << "-1's radix key";
    EXPECT_FALSE(sort_pass_of_step(trace, 0)) << "the load";
    EXPECT_FALSE(sort_pass_of_step(trace, static_cast<int>(trace.steps.size()) - 1)) << "the store";
    const int per_pass = 2 + 2 * ceil_log2(16);
    for (int pass = 0; pass < 4; ++pass)
        for (int k = 0; k < per_pass; ++k)
            EXPECT_EQ(sort_pass_of_step(trace, 1 + pass * per_pass + k), (SortPassBits{pass, 1}))
                << "step " << 1 + pass * per_pass + k;
    EXPECT_TRUE(is_sort_key_word(trace, 0));
    EXPECT_TRUE(is_sort_key_word(trace, 15));
    EXPECT_FALSE(is_sort_key_word(trace, 16)) << "the first count";
    // keys that use more bits than a cell shows in binary are shown as numbers; other kernels' never
    EXPECT_EQ(sort_bits_in_binary(emulated_trace(kSort, 512, InputKind::iota, 1)), 0) << "9 bits";
    const Trace scan = emulated_trace(kernel_id("hillis-steele"), 16, InputKind::iota, 1);
    EXPECT_EQ(sort_bits_in_binary(scan), 0);
    EXPECT_FALSE(sort_pass_of_step(scan, 1));
    EXPECT_FALSE(is_sort_key_word(scan, 0));
    // the 4-bit sort's steps sort by 4 bits at once
    const Trace digits = emulated_trace(kDigitSort, 256, InputKind::iota, 1); // 0..255: 8 bits, 2 passes
    EXPECT_EQ(sort_bits_in_binary(digits), 8);
    std::vector<SortPassBits> seen;
    for (int s = 0; s < static_cast<int>(digits.steps.size()); ++s)
        if (const auto pass = sort_pass_of_step(digits, s); pass && (seen.empty() || !(seen.back() == *pass)))
            seen.push_back(*pass);
    EXPECT_EQ(seen, (std::vector<SortPassBits>{{0, 4}, {4, 4}}));
    EXPECT_TRUE(sorts_by(SortPassBits{4, 4}, 7));
    EXPECT_FALSE(sorts_by(SortPassBits{4, 4}, 3));
    EXPECT_FALSE(sorts_by(std::nullopt, 0));
}

// A float trace file keeps every NaN bit for bit (docs/trace-format.md): "nan" is the plain quiet NaN,
// any other "nan:0x" and its bits; a float sort's -NaN key, and a ballot's votes, read back the same.
TEST(EmulatedRadixSort, AFloatTraceKeepsEveryNanBitForBit) {
    std::string problem;
    for (std::uint32_t bits : {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xffffffffu, 0x7fc0beefu}) {
        const nlohmann::json written = value_to_json(ElementType::float32, bits);
        EXPECT_EQ(value_from_json(ElementType::float32, written, problem), bits) << written.dump() << " " << problem;
    }
    EXPECT_EQ(value_to_json(ElementType::float32, 0x7fc00000u), "nan");
    EXPECT_EQ(value_to_json(ElementType::float32, 0xffc00000u), "nan:0xffc00000");
    for (const char* refused : {"nan:0x7f800000", "nan:0xffc0000", "nan:0xFFC00000", "nan:0xffc00000 ", "nan:"})
        EXPECT_FALSE(value_from_json(ElementType::float32, refused, problem)) << refused;
    // whole traces: TraceJson.EveryAlgorithmsTraceReadsBack writes and reads every kernel's float trace, the
    // 4-bit sort's ballots (votes 0xffffffff) among them
}

} // namespace
} // namespace prefixlab::test
