#include "core/bench/cpu_histogram.hpp"

#include "kernels/grid/histogram_tiles.cuh"

#include <algorithm>
#include <cmath>
#include <random>
#include <thread>

namespace prefixlab {

namespace {

// A key of bin b: random inside [⌈b · 2^32 / bins⌉, ⌈(b + 1) · 2^32 / bins⌉), the keys histogram_bin sends to b.
std::uint32_t key_in_bin(std::uint32_t bin, std::uint32_t bins, std::uint64_t random) {
    const auto first = [bins](std::uint64_t b) { return ((b << 32) + bins - 1) / bins; };
    const std::uint64_t lo = first(bin), hi = first(std::uint64_t(bin) + 1);
    return static_cast<std::uint32_t>(lo + random % (hi - lo));
}

} // namespace

std::vector<std::uint32_t> histogram_input(std::uint64_t n, HistogramInput input, std::uint32_t bins,
                                           std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<std::uint32_t> keys(static_cast<std::size_t>(n));
    switch (input) {
    case HistogramInput::uniform:
        for (std::uint32_t& k : keys)
            k = static_cast<std::uint32_t>(random() >> 32);
        break;
    case HistogramInput::one_bin:
        for (std::uint32_t& k : keys)
            k = key_in_bin(bins / 2, bins, random());
        break;
    case HistogramInput::zipf: {
        std::vector<double> weights(bins);
        for (std::uint32_t b = 0; b < bins; ++b)
            weights[b] = 1.0 / double(b + 1);
        std::discrete_distribution<std::uint32_t> bin_of(weights.begin(), weights.end());
        for (std::uint32_t& k : keys)
            k = key_in_bin(bin_of(random), bins, random());
        break;
    }
    }
    return keys;
}

std::vector<std::uint32_t> cpu_histogram(const std::vector<std::uint32_t>& keys, std::uint32_t bins) {
    std::vector<std::uint32_t> counts(bins, 0);
    for (std::uint32_t k : keys)
        ++counts[histogram_bin(k, bins)];
    return counts;
}

std::vector<std::uint32_t> histogram_on_every_core(const std::vector<std::uint32_t>& keys, std::uint32_t bins) {
    const std::size_t parts = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::vector<std::uint32_t>> counts(parts, std::vector<std::uint32_t>(bins, 0));
    std::vector<std::thread> threads;
    for (std::size_t p = 0; p < parts; ++p)
        threads.emplace_back([&, p] {
            const std::size_t first = keys.size() * p / parts, last = keys.size() * (p + 1) / parts;
            for (std::size_t i = first; i < last; ++i)
                ++counts[p][histogram_bin(keys[i], bins)];
        });
    for (std::thread& t : threads)
        t.join();
    for (std::size_t p = 1; p < parts; ++p)
        for (std::uint32_t b = 0; b < bins; ++b)
            counts[0][b] += counts[p][b];
    return counts[0];
}

std::vector<std::uint32_t> stable_buckets(const std::vector<std::uint32_t>& keys, std::uint32_t bins) {
    std::vector<std::uint32_t> out = keys;
    std::stable_sort(out.begin(), out.end(),
                     [bins](std::uint32_t a, std::uint32_t b) { return histogram_bin(a, bins) < histogram_bin(b, bins); });
    return out;
}

bool is_bucketing_of(const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& out, std::uint32_t bins) {
    if (out.size() != keys.size())
        return false;
    for (std::size_t i = 1; i < out.size(); ++i)
        if (histogram_bin(out[i - 1], bins) > histogram_bin(out[i], bins))
            return false;
    std::vector<std::uint32_t> a = keys, b = out;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

} // namespace prefixlab
