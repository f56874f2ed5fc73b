// A request's elements, carried as their bits (one vector for every element type), and the typed
// arrays the kernel bodies run on in the emulator.
#pragma once

#include "kernels/common/value_bits.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace prefixlab {

template <class T>
std::vector<T> elements_as(const std::vector<std::uint32_t>& bits) {
    std::vector<T> values(bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i)
        values[i] = from_bits<T>(bits[i]);
    return values;
}

template <class T>
std::vector<std::uint32_t> bits_of(const std::vector<T>& values) {
    std::vector<std::uint32_t> bits(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        bits[i] = to_bits(values[i]);
    return bits;
}

} // namespace prefixlab
