// Keys for the radix sorts' tests (issue 36), block and grid, emulator and GPU: all equal, sorted,
// reversed, random in all 32 bits, in the high bits only and in the low bits only; and the reference order,
// std::stable_sort by each type's own order (integers by <, floats by std::strong_order, IEEE 754's
// totalOrder), apart from the kernels' radix_key.
#pragma once

#include "core/bench/cpu_sort.hpp"
#include "kernels/common/scan_types.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace prefixlab::test {

enum class Keys { all_equal, sorted, reversed, random, high_bits, low_bits };

inline const char* name_of_keys(Keys keys) {
    constexpr const char* names[] = {"all equal", "sorted", "reversed", "random", "high bits", "low bits"};
    return names[static_cast<int>(keys)];
}

// The input in ascending order, without the kernel's radix_key: integers by <, floats by totalOrder.
// uint32 keys alone sort the same stable or not: on every core (2^28 keys on one take 25 s).
inline std::vector<std::uint32_t> std_sorted(ElementType type, std::vector<std::uint32_t> bits) {
    if (type == ElementType::uint32) {
        sort_on_every_core(bits);
        return bits;
    }
    std::stable_sort(bits.begin(), bits.end(), [type](std::uint32_t a, std::uint32_t b) {
        switch (type) {
        case ElementType::uint32:
            return a < b;
        case ElementType::int32:
            return std::bit_cast<std::int32_t>(a) < std::bit_cast<std::int32_t>(b);
        case ElementType::float32:
            return std::strong_order(std::bit_cast<float>(a), std::bit_cast<float>(b)) < 0;
        }
        return false;
    });
    return bits;
}

// n keys of `type` as bits: random words drawn from all 32 bits, or from the top 4 or the low 4 only;
// sorted and reversed are the random words put in order (by the reference's order).
inline std::vector<std::uint32_t> keys_of(Keys keys, ElementType type, std::size_t n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint32_t> bits(static_cast<std::size_t>(n));
    for (std::uint32_t& b : bits) {
        const std::uint32_t word = rng();
        b = keys == Keys::all_equal   ? 0x40490fdbu // 3.14159274f, 1078530011
            : keys == Keys::high_bits ? word & 0xf0000000u
            : keys == Keys::low_bits  ? word & 0xfu
                                      : word;
    }
    if (keys == Keys::sorted || keys == Keys::reversed)
        bits = std_sorted(type, bits);
    if (keys == Keys::reversed)
        std::reverse(bits.begin(), bits.end());
    return bits;
}

// A sort of pairs whose values were the keys' indices: each value came with its key, and equal keys kept
// their order (their values ascend).
inline void expect_stable_pairs(const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& sorted_keys,
                                const std::vector<std::uint32_t>& values, const std::string& what) {
    ASSERT_EQ(values.size(), keys.size()) << what;
    ASSERT_EQ(sorted_keys.size(), keys.size()) << what;
    for (std::size_t j = 0; j < values.size(); ++j) {
        const std::uint32_t from = values[j];
        ASSERT_LT(from, keys.size()) << what << ": value " << j;
        ASSERT_EQ(sorted_keys[j], keys[from]) << what << ": the value at " << j << " left its key";
        if (j > 0 && sorted_keys[j] == sorted_keys[j - 1])
            ASSERT_LT(values[j - 1], from) << what << ": equal keys at " << j - 1 << " and " << j << " changed order";
    }
}

} // namespace prefixlab::test
