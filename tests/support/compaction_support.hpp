// Shared by the compaction tests (one block and across blocks): inputs with a chosen share of kept
// (odd) elements, and what std::copy_if and std::stable_partition make of them, computed with the
// standard library rather than with PrefixLab's reference.
#pragma once

#include "kernels/common/scan_types.hpp"
#include "kernels/common/value_bits.hpp"

#include <algorithm>
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

} // namespace prefixlab::test
