// The emulated Hillis–Steele kernel computes the scan: its output equals std::inclusive_scan (and
// std::exclusive_scan) for awkward sizes and several inputs.
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <numeric>

namespace prefixlab::test {
namespace {

struct Case {
    int n;
    InputKind input;
    std::uint64_t seed;
};

std::vector<Case> cases() {
    std::vector<Case> all;
    for (int n : kHillisSteeleSizes) {
        all.push_back({n, InputKind::ones, 0});
        all.push_back({n, InputKind::iota, 0});
        for (std::uint64_t seed : {1, 2, 3})
            all.push_back({n, InputKind::random, seed});
    }
    return all;
}

class EmulatedHillisSteele : public ::testing::TestWithParam<Case> {};

TEST_P(EmulatedHillisSteele, InclusiveOutputEqualsStdInclusiveScan) {
    const Case c = GetParam();
    const BlockScanRequest request = make_request(BlockAlgorithm::hillis_steele, c.n, c.input, c.seed);
    const RawTrace raw = emulate_block_scan(request);

    // Independent reference: std::inclusive_scan over the same input as int32.
    std::vector<std::int32_t> input(request.input.begin(), request.input.end());
    std::vector<std::int32_t> expected(input.size());
    std::inclusive_scan(input.begin(), input.end(), expected.begin());
    std::vector<std::int32_t> output(raw.output.begin(), raw.output.end());
    EXPECT_EQ(output, expected);
}

TEST_P(EmulatedHillisSteele, ExclusiveOutputEqualsStdExclusiveScan) {
    const Case c = GetParam();
    const BlockScanRequest request = make_request(BlockAlgorithm::hillis_steele, c.n, c.input, c.seed,
                                                  ElementType::int32, ScanOperator::add, true);
    const RawTrace raw = emulate_block_scan(request);
    std::vector<std::int32_t> input(request.input.begin(), request.input.end());
    std::vector<std::int32_t> expected(input.size());
    std::exclusive_scan(input.begin(), input.end(), expected.begin(), 0);
    std::vector<std::int32_t> output(raw.output.begin(), raw.output.end());
    EXPECT_EQ(output, expected);
}

INSTANTIATE_TEST_SUITE_P(Sizes, EmulatedHillisSteele, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                             return "n" + std::to_string(info.param.n) + "_" +
                                    std::string(name_of(info.param.input)) + std::to_string(info.param.seed);
                         });

TEST(EmulatedHillisSteele, RejectsSizesOutsideItsRange) {
    for (int n : {0, 1025}) {
        BlockScanRequest request = make_request(BlockAlgorithm::hillis_steele, 1, InputKind::ones, 0);
        request.input.assign(n, 1);
        EXPECT_THROW(emulate_block_scan(request), std::invalid_argument) << "n = " << n;
    }
}

TEST(EmulatedHillisSteele, MaxAndMinOverEveryTypeMatchTheReference) {
    for (ElementType type : all_element_types())
        for (ScanOperator op : all_scan_operators()) {
            const BlockScanRequest request =
                make_request(BlockAlgorithm::hillis_steele, 100, InputKind::random, 7, type, op);
            const RawTrace raw = emulate_block_scan(request);
            if (type == ElementType::float32 && op == ScanOperator::add)
                continue; // summation order differs from the serial reference; covered with a tolerance elsewhere
            EXPECT_EQ(raw.output, reference_scan(type, op, false, request.input))
                << name_of(type) << " " << name_of(op);
        }
}

} // namespace
} // namespace prefixlab::test
