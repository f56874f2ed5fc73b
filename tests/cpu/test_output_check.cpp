// check_output() on hand-computed cases: exact for integers, max and min; within the bound for float
// sums; wrong elements flagged.
#include "core/ground/output_check.hpp"
#include "kernels/common/value_bits.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace prefixlab {
namespace {

std::vector<std::uint32_t> ints(std::initializer_list<std::int32_t> values) {
    std::vector<std::uint32_t> bits;
    for (std::int32_t v : values)
        bits.push_back(to_bits(v));
    return bits;
}

std::vector<std::uint32_t> floats(std::initializer_list<float> values) {
    std::vector<std::uint32_t> bits;
    for (float v : values)
        bits.push_back(to_bits(v));
    return bits;
}

TEST(OutputCheck, IntegerScanIsExact) {
    const auto check = check_output(ElementType::int32, ScanOperator::add, false, ints({1, 2, 3, 4}), ints({1, 3, 6, 10}));
    EXPECT_EQ(check.wrong_count, 0u);
    EXPECT_EQ(check.reference, ints({1, 3, 6, 10}));
}

TEST(OutputCheck, WrongElementsAreFlaggedWithTheirError) {
    const auto check = check_output(ElementType::int32, ScanOperator::add, false, ints({1, 2, 3, 4}), ints({1, 3, 7, 10}));
    EXPECT_EQ(check.wrong_count, 1u);
    EXPECT_EQ(check.wrong, (std::vector<std::uint8_t>{0, 0, 1, 0}));
    EXPECT_DOUBLE_EQ(check.error[2], 1.0);
}

TEST(OutputCheck, ExclusiveMaxStartsWithTheIdentity) {
    const auto check = check_output(ElementType::int32, ScanOperator::max, true, ints({5, 1, 7}),
                                    ints({-2147483647 - 1, 5, 5}));
    EXPECT_EQ(check.wrong_count, 0u);
}

TEST(OutputCheck, FloatSumsMayDifferWithinTheBound) {
    // 1 + 2^-24 + 2^-24: the serial order loses both small terms (1.0f); a tree order may keep them.
    const float tiny = std::ldexp(1.0f, -24);
    const auto input = floats({1.0f, tiny, tiny});
    const auto serial = check_output(ElementType::float32, ScanOperator::add, false, input, floats({1.0f, 1.0f, 1.0f}));
    EXPECT_EQ(serial.wrong_count, 0u);
    EXPECT_GT(serial.error[2], 0.0);
    EXPECT_NEAR(serial.bound[2], 3 * std::ldexp(1.0, -24) / (1 - 3 * std::ldexp(1.0, -24)) * (1 + 2 * tiny), 1e-20);
    const auto far = check_output(ElementType::float32, ScanOperator::add, false, input, floats({1.0f, 1.0f, 1.1f}));
    EXPECT_EQ(far.wrong, (std::vector<std::uint8_t>{0, 0, 1}));
}

TEST(OutputCheck, FloatMaxIsExact) {
    const auto check = check_output(ElementType::float32, ScanOperator::max, false, floats({0.5f, 0.25f, 0.75f}),
                                    floats({0.5f, 0.5f, 0.7f}));
    EXPECT_EQ(check.wrong, (std::vector<std::uint8_t>{0, 0, 1}));
}

} // namespace
} // namespace prefixlab
