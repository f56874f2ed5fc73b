// Histograms on the CPU (issue 37): the reference every histogram is checked against (one core, and every
// core for the large sizes), and the inputs the histogram table and the tests count: keys spread evenly
// over the bins, all in one bin, or in bins drawn by Zipf's law (bin k with weight 1 / (k + 1)).
#pragma once

#include <cstdint>
#include <vector>

namespace prefixlab {

enum class HistogramInput : std::uint8_t { uniform, one_bin, zipf };

// n keys (random uint32 for uniform; else each key random inside the width of its bin, drawn as the input
// says), reproducible from `seed`.
std::vector<std::uint32_t> histogram_input(std::uint64_t n, HistogramInput input, std::uint32_t bins,
                                           std::uint64_t seed);

// The counts of keys in `bins` bins of equal width (histogram_bin, kernels/grid/histogram_tiles.cuh).
std::vector<std::uint32_t> cpu_histogram(const std::vector<std::uint32_t>& keys, std::uint32_t bins);

// The same, each core counting a part into bins of its own, added up at the end.
std::vector<std::uint32_t> histogram_on_every_core(const std::vector<std::uint32_t>& keys, std::uint32_t bins);

// The keys in the order of their bins, each bin's in the keys' order (a stable bucketing: what bucketing by
// scan makes, kernels/grid/bucket_plan.hpp).
std::vector<std::uint32_t> stable_buckets(const std::vector<std::uint32_t>& keys, std::uint32_t bins);

// Whether `out` holds the keys in buckets: the same keys, their bins never falling (any order within a bin:
// what bucketing by atomics makes).
bool is_bucketing_of(const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& out, std::uint32_t bins);

} // namespace prefixlab
