// The block segmented scans (issue 37; kernels/block/segmented_scan.cuh): Hillis–Steele and the warp-shuffle scan
// with the segmented operator on (flag, value) pairs give the CPU's segmented scan (a serial loop, written apart
// from the operator) under every warp order, for +, max and min, with one segment, every element a head, heads at
// warp boundaries and random heads; the reference by hand; the operator's associativity; the input lists with '|'
// and the generated heads; the refusals (another element type, a value of 2^31); the element's text ("|7").
#include "core/emulator/emulate_block_scan.hpp"
#include "core/ground/format_value.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/input_values.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/scan_setup.hpp"
#include "kernels/common/segmented_pairs.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace prefixlab::test {
namespace {

constexpr BlockAlgorithm kHillisSteele = kernel_id("segmented-hillis-steele");
constexpr BlockAlgorithm kWarpShuffle = kernel_id("segmented-warp-shuffle");
constexpr BlockAlgorithm kSegmented[] = {kHillisSteele, kWarpShuffle};
constexpr WarpOrder kSegmentedWarpOrders[] = {WarpOrder::in_order, WarpOrder::reversed, WarpOrder::interleaved};

enum class Heads { one_segment, every_element, warp_boundaries, random, none_flagged };

std::vector<std::uint32_t> pairs_of(int n, Heads heads, std::uint64_t seed) {
    std::mt19937 random(static_cast<std::uint32_t>(seed));
    std::vector<std::uint32_t> words(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        bool head = false;
        switch (heads) {
        case Heads::one_segment: head = i == 0; break;
        case Heads::every_element: head = true; break;
        case Heads::warp_boundaries: head = i % 32 == 0 || i % 32 == 31; break;
        case Heads::random: head = i == 0 || random() % 4 == 0; break;
        case Heads::none_flagged: head = false; break; // element 0 starts the first segment all the same
        }
        // values near 2^31 now and then, so that a sum wraps in 31 bits
        const std::uint32_t value = random() % 16 == 0 ? 0x7ffffff0u + random() % 16 : random() % 100;
        words[std::size_t(i)] = segment_pair(head, value);
    }
    return words;
}

RawTrace scanned_in_emulator(BlockAlgorithm algorithm, ScanOperator op, std::vector<std::uint32_t> input,
                             WarpOrder order) {
    BlockRequest request = make_request(algorithm, static_cast<int>(input.size()), InputKind::iota, 1,
                                        ElementType::uint32);
    request.op = op;
    request.input = std::move(input);
    request.warp_order = order;
    return emulate_block_scan(request);
}

TEST(BlockSegmentedScan, BothKernelsGiveTheCpusSegmentedScanUnderEveryWarpOrder) {
    int runs = 0;
    for (BlockAlgorithm algorithm : kSegmented)
        for (ScanOperator op : {ScanOperator::add, ScanOperator::max, ScanOperator::min})
            for (int n : {1, 2, 31, 32, 33, 63, 64, 100, 1000, 1024})
                for (Heads heads : {Heads::one_segment, Heads::every_element, Heads::warp_boundaries, Heads::random,
                                    Heads::none_flagged})
                    for (WarpOrder order : kSegmentedWarpOrders) {
                        const std::vector<std::uint32_t> input = pairs_of(n, heads, std::uint64_t(n) * 7 + int(heads));
                        const RawTrace run = scanned_in_emulator(algorithm, op, input, order);
                        const std::string what = std::string(name_of(algorithm)) + " op " + std::to_string(int(op)) +
                                                 " n=" + std::to_string(n) + " heads " + std::to_string(int(heads)) +
                                                 " order " + std::to_string(int(order));
                        ASSERT_EQ(run.output, reference_segmented_scan(op, input)) << what;
                        ASSERT_EQ(check_segmented_scan_output(op, input, run.output).wrong_count, 0u) << what;
                        ++runs;
                    }
    EXPECT_EQ(runs, 2 * 3 * 10 * 5 * 3);
}

// By hand: |3 1 |7 0 4 |1 6 5 → 3 4 7 7 11 1 7 12 (+), every result flagged once a head lies at or before it; max
// and min restart the same way; the check finds a result that ran past a head.
TEST(BlockSegmentedScan, TheReferenceRestartsAtEveryHeadAndTheCheckFindsASumPastAHead) {
    const std::vector<std::uint32_t> input = parse_input_values("|3,1,|7,0,4,|1,6,5", ElementType::uint32, true);
    const auto flagged = [](std::vector<std::uint32_t> values) {
        for (auto& v : values)
            v |= kSegmentHeadBit;
        return values;
    };
    EXPECT_EQ(reference_segmented_scan(ScanOperator::add, input), flagged({3, 4, 7, 7, 11, 1, 7, 12}));
    EXPECT_EQ(reference_segmented_scan(ScanOperator::max, input), flagged({3, 3, 7, 7, 7, 1, 6, 6}));
    EXPECT_EQ(reference_segmented_scan(ScanOperator::min, input), flagged({3, 1, 7, 0, 0, 1, 1, 1}));
    EXPECT_EQ(reference_segmented_scan(ScanOperator::add, {2, 5, segment_pair(true, 1)}),
              (std::vector<std::uint32_t>{2, 7, segment_pair(true, 1)}))
        << "before the first head no flag: element 0 starts a segment all the same";
    std::vector<std::uint32_t> wrong = reference_segmented_scan(ScanOperator::add, input);
    wrong[5] = segment_pair(true, 12); // the plain scan's value: it ran past the head at 5
    EXPECT_EQ(check_segmented_scan_output(ScanOperator::add, input, wrong).wrong_count, 1u);
    const RawTrace run = scanned_in_emulator(kHillisSteele, ScanOperator::add, input, WarpOrder::in_order);
    EXPECT_EQ(run.output, flagged({3, 4, 7, 7, 11, 1, 7, 12}));
}

// Every scan relies on the operator's associativity: (a ⊕ b) ⊕ c = a ⊕ (b ⊕ c) over pairs with and without heads,
// its identity on both sides, and a sum that wraps in 31 bits leaving the flag alone.
TEST(BlockSegmentedScan, TheSegmentedOperatorIsAssociativeWithItsIdentity) {
    std::mt19937 random(5);
    using Add = SegmentedOp<AddOp<std::uint32_t>>;
    using Min = SegmentedOp<MinOp<std::uint32_t>>;
    for (int i = 0; i < 20000; ++i) {
        const auto pair = [&] { return segment_pair(random() % 3 == 0, random() % 2 == 0 ? random() : random() % 9); };
        const std::uint32_t a = pair(), b = pair(), c = pair();
        ASSERT_EQ(Add::combine(Add::combine(a, b), c), Add::combine(a, Add::combine(b, c)));
        ASSERT_EQ(Min::combine(Min::combine(a, b), c), Min::combine(a, Min::combine(b, c)));
        ASSERT_EQ(Add::combine(Add::identity(), a), a);
        ASSERT_EQ(Add::combine(a, Add::identity()), a);
        ASSERT_EQ(Min::combine(Min::identity(), a), a);
        ASSERT_EQ(Min::combine(a, Min::identity()), a);
    }
    EXPECT_EQ(Add::combine(0x7fffffffu, 2u), 1u) << "the value wraps at 2^31 and sets no flag";
    EXPECT_EQ(Add::combine(segment_pair(true, 5), 2u), segment_pair(true, 7));
    EXPECT_EQ(Add::combine(5u, segment_pair(true, 2)), segment_pair(true, 2));
}

TEST(BlockSegmentedScan, ListsMarkHeadsWithABarAndGeneratedInputsGetHeadsFromTheSeed) {
    EXPECT_EQ(parse_input_values(" |3, 1,| 7", ElementType::uint32, true),
              (std::vector<std::uint32_t>{segment_pair(true, 3), 1u, segment_pair(true, 7)}));
    EXPECT_EQ(input_values_text(ElementType::uint32, {segment_pair(true, 3), 1u, segment_pair(true, 7)}, true),
              "|3,1,|7");
    EXPECT_THROW((void)parse_input_values("|3,2147483648", ElementType::uint32, true), InputValuesError);
    EXPECT_THROW((void)parse_input_values("|3,||1", ElementType::uint32, true), InputValuesError);
    EXPECT_THROW((void)parse_input_values("|3,1", ElementType::uint32, false), InputValuesError)
        << "a plain scan's list has no heads";
    ScanSetup setup;
    setup.algorithm = kWarpShuffle;
    setup.type = ElementType::uint32;
    setup.n = 64;
    setup.input = InputKind::ones;
    setup.seed = 3;
    const BlockRequest request = block_request(setup);
    int heads = 0;
    for (std::size_t i = 0; i < request.input.size(); ++i) {
        EXPECT_EQ(segment_value(request.input[i]), 1u);
        heads += is_segment_head(request.input[i]) ? 1 : 0;
    }
    EXPECT_TRUE(is_segment_head(request.input[0]));
    EXPECT_GT(heads, 3) << "about one in five";
    EXPECT_LT(heads, 30);
    EXPECT_EQ(block_request(setup).input, request.input) << "the seed decides the heads";
    setup.seed = 4;
    EXPECT_NE(block_request(setup).input, request.input);
}

TEST(BlockSegmentedScan, AnotherElementTypeIsRefusedAndTheTextShowsTheFlag) {
    for (BlockAlgorithm algorithm : kSegmented) {
        EXPECT_TRUE(takes_head_flags(algorithm));
        EXPECT_EQ(fixed_element_type(algorithm), ElementType::uint32);
        EXPECT_FALSE(has_exclusive_form(algorithm));
        ScanSetup setup;
        setup.algorithm = algorithm;
        setup.type = ElementType::int32;
        try {
            validate_scan_setup(setup);
            ADD_FAILURE() << "int32 accepted";
        } catch (const ScanSetupError& e) {
            EXPECT_EQ(e.setting(), ScanSetting::type);
            EXPECT_NE(std::string(e.what()).find("takes uint32"), std::string::npos) << e.what();
        }
        EXPECT_EQ(format_element(algorithm, ElementType::uint32, segment_pair(true, 7)), "|7");
        EXPECT_EQ(format_element(algorithm, ElementType::uint32, 12u), "12");
        EXPECT_EQ(format_result(algorithm, ElementType::uint32, segment_pair(true, 12)), "12");
        EXPECT_TRUE(starts_segment(algorithm, segment_pair(true, 0)));
        EXPECT_FALSE(starts_segment(algorithm, 5u));
    }
    EXPECT_FALSE(takes_head_flags(kernel_id("hillis-steele")));
    EXPECT_EQ(format_element(kernel_id("hillis-steele"), ElementType::uint32, segment_pair(true, 7)), "2147483655");
}

} // namespace
} // namespace prefixlab::test
