#include "core/bench/cpu_segmented.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>

namespace prefixlab {

std::vector<std::uint32_t> segment_keys(std::uint64_t n, std::uint64_t mean_length, std::uint64_t seed) {
    if (mean_length == 0)
        throw std::invalid_argument("a segment's mean length is at least 1");
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<std::uint64_t> length(1, 2 * mean_length - 1);
    std::vector<std::uint32_t> keys(n);
    std::uint32_t key = 0;
    for (std::uint64_t i = 0; i < n; ++key) {
        const std::uint64_t end = std::min<std::uint64_t>(n, i + length(random));
        std::fill(keys.begin() + std::ptrdiff_t(i), keys.begin() + std::ptrdiff_t(end), key);
        i = end;
    }
    return keys;
}

std::vector<std::uint32_t> segment_values(std::uint64_t n, std::uint64_t seed) {
    std::mt19937 random(static_cast<std::uint32_t>(seed * 0x9e3779b97f4a7c15ull >> 32));
    std::uniform_int_distribution<std::uint32_t> value(0, 999);
    std::vector<std::uint32_t> values(n);
    for (std::uint32_t& v : values)
        v = value(random);
    return values;
}

std::vector<std::uint32_t> cpu_segmented_scan(const std::vector<std::uint32_t>& keys,
                                              const std::vector<std::uint32_t>& values) {
    if (keys.size() != values.size())
        throw std::invalid_argument("a segmented scan needs a key for every value");
    std::vector<std::uint32_t> out(values.size());
    std::uint32_t sum = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        sum = i == 0 || keys[i] != keys[i - 1] ? values[i] : sum + values[i];
        out[i] = sum;
    }
    return out;
}

std::uint64_t segment_count(const std::vector<std::uint32_t>& keys) {
    std::uint64_t heads = 0;
    for (std::size_t i = 0; i < keys.size(); ++i)
        heads += i == 0 || keys[i] != keys[i - 1] ? 1 : 0;
    return heads;
}

} // namespace prefixlab
