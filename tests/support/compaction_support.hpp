// Shared by the compaction tests (one block and across blocks): inputs with a chosen share of kept
// (odd) elements, and what std::copy_if and std::stable_partition make of them, computed with the
// standard library rather than with PrefixLab's reference.
#pragma once

#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/value_bits.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <cstdint>
#include <iterator>
#include <random>
#include <vector>

namespace prefixlab::test {

// n elements of `type` of which about `percent` % are odd (the predicate: kernels/common/compaction_predicate.hpp),
// the others even, at random places.
inline std::vector<std::uint32_t> input_with_kept_share(ElementType type, int n, int percent, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> input(static_cast<std::size_t>(n));
    for (std::uint32_t& bits : input) {
        const std::uint32_t odd = static_cast<int>(random() % 100) < percent ? 1u : 0u;
        const std::uint32_t magnitude = random() % 1000;
        bits = type == ElementType::float32 ? (to_bits(static_cast<float>(magnitude) + 0.5f) & ~1u) | odd
                                            : (magnitude & ~1u) | odd;
    }
    return input;
}

inline bool odd(std::uint32_t bits) { return (bits & 1u) != 0; }

// What std::copy_if and std::stable_partition make of the input: the expected outputs, computed here
// with the standard library rather than with PrefixLab's reference.
inline std::vector<std::uint32_t> std_compacted(const std::vector<std::uint32_t>& input) {
    std::vector<std::uint32_t> kept;
    std::copy_if(input.begin(), input.end(), std::back_inserter(kept), odd);
    return kept;
}
inline std::vector<std::uint32_t> std_split(std::vector<std::uint32_t> input) {
    std::stable_partition(input.begin(), input.end(), odd);
    return input;
}

// The predicates the lessons issue names, with bounds inside the test inputs' range.
inline std::vector<KeepPredicate> every_predicate() {
    return {{KeepRule::nonzero, 0}, {KeepRule::odd, 0}, {KeepRule::even, 0}, {KeepRule::less_than, 10},
            {KeepRule::greater_than, 7.5}};
}

// Each predicate written again here, on the element as its type reads it, so that a mistake in
// kept_element() shows as a difference rather than being shared by the expectation.
inline std::function<bool(std::uint32_t)> std_predicate(ElementType type, const KeepPredicate& keep) {
    const auto value = [type](std::uint32_t bits) -> double {
        if (type == ElementType::int32)
            return static_cast<double>(static_cast<std::int32_t>(bits));
        if (type == ElementType::uint32)
            return static_cast<double>(bits);
        return static_cast<double>(from_bits<float>(bits));
    };
    switch (keep.rule) {
    case KeepRule::odd:
        return [](std::uint32_t bits) { return bits % 2 == 1; };
    case KeepRule::even:
        return [](std::uint32_t bits) { return bits % 2 == 0; };
    case KeepRule::nonzero:
        return [value](std::uint32_t bits) { return value(bits) != 0.0 || std::isnan(value(bits)); };
    case KeepRule::less_than:
        return [value, k = keep.bound](std::uint32_t bits) { return value(bits) < k; };
    case KeepRule::greater_than:
        break;
    }
    return [value, k = keep.bound](std::uint32_t bits) { return value(bits) > k; };
}

// n elements of `type` around the bounds every_predicate() names: small values of both signs (int32,
// float), zeros (a float's −0 among them) and, for float, fractions, a NaN, and values one ulp up (whose
// mantissa is odd: a half-integer's is even, and odd and even would keep all or none).
inline std::vector<std::uint32_t> input_around_bounds(ElementType type, int n, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> input(static_cast<std::size_t>(n));
    for (std::uint32_t& bits : input) {
        const int r = static_cast<int>(random() % 40) - (type == ElementType::uint32 ? 0 : 15);
        if (type == ElementType::float32) {
            const int special = static_cast<int>(random() % 50);
            bits = special == 0   ? to_bits(-0.0f)
                   : special == 1 ? to_bits(std::nanf(""))
                                  : to_bits(static_cast<float>(r) / 2.0f) | (random() % 2);
        } else {
            bits = static_cast<std::uint32_t>(r % 3 == 0 ? 0 : r);
        }
    }
    return input;
}

inline std::vector<std::uint32_t> std_compacted(const std::vector<std::uint32_t>& input,
                                                const std::function<bool(std::uint32_t)>& keep) {
    std::vector<std::uint32_t> kept;
    std::copy_if(input.begin(), input.end(), std::back_inserter(kept), keep);
    return kept;
}
inline std::vector<std::uint32_t> std_split(std::vector<std::uint32_t> input,
                                            const std::function<bool(std::uint32_t)>& keep) {
    std::stable_partition(input.begin(), input.end(), keep);
    return input;
}

} // namespace prefixlab::test
