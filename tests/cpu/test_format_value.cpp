// Issue 33, point 7: a value shortened by a rule where its box is small ("1.1k"), never cut to a bare
// number without the letter that says what it is. format_value_short's figures, and that it stays within
// five characters over the whole 32-bit range of each type.
#include "core/ground/format_value.hpp"
#include "kernels/common/value_bits.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <limits>

namespace prefixlab::test {
namespace {

std::string short_int(std::int32_t v) {
    return format_value_short(ElementType::int32, to_bits(v));
}
std::string short_uint(std::uint32_t v) {
    return format_value_short(ElementType::uint32, to_bits(v));
}
std::string short_float(float v) {
    return format_value_short(ElementType::float32, to_bits(v));
}

TEST(FormatValueShort, ThousandsMillionsAndBillionsByARule) {
    EXPECT_EQ(short_int(0), "0");
    EXPECT_EQ(short_int(999), "999");
    EXPECT_EQ(short_int(1128), "1.1k");
    EXPECT_EQ(short_int(9949), "9.9k");
    EXPECT_EQ(short_int(65536), "66k");
    EXPECT_EQ(short_int(-65536), "-66k");
    EXPECT_EQ(short_uint(999'499), "999k");
    EXPECT_EQ(short_uint(999'500), "1.0M");
    EXPECT_EQ(short_uint(1u << 31), "2.1G");
    EXPECT_EQ(short_float(3.25f), "3.2");
    EXPECT_EQ(short_float(1234.5f), "1.2k");
    for (std::int64_t v = std::numeric_limits<std::int32_t>::min();
         v <= std::numeric_limits<std::int32_t>::max(); v += 7'919'993)
        EXPECT_LE(short_int(static_cast<std::int32_t>(v)).size(), 5u) << v;
    for (std::uint64_t v = 0; v <= std::numeric_limits<std::uint32_t>::max(); v += 7'919'993)
        EXPECT_LE(short_uint(static_cast<std::uint32_t>(v)).size(), 5u) << v;
}

} // namespace
} // namespace prefixlab::test
