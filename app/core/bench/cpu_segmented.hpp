// Segmented scan on the CPU (issue 37): the reference every segmented scan is checked against, and the inputs
// the segmented table and the tests scan: segment keys (a segment is a run of equal keys, as
// cub::DeviceScan::InclusiveScanByKey reads them) and values.
#pragma once

#include <cstdint>
#include <vector>

namespace prefixlab {

// n segment keys: segments of random lengths from 1 to 2 · mean_length − 1 (mean `mean_length`), each a run of one
// key, the keys 0, 1, 2, … in order; reproducible from `seed`. mean_length 1 makes every element a head; a
// mean_length of n or more, one segment (a length from 1 to 2n − 1, cut at n: the first segment may be all).
std::vector<std::uint32_t> segment_keys(std::uint64_t n, std::uint64_t mean_length, std::uint64_t seed);

// n random values from 0 to 999 (sums of long segments wrap like the GPU's), reproducible from `seed`.
std::vector<std::uint32_t> segment_values(std::uint64_t n, std::uint64_t seed);

// output[i] = values[h] + … + values[i], h the last head at or before i (keys[h] ≠ keys[h − 1], or h = 0),
// uint32 sums wrapping.
std::vector<std::uint32_t> cpu_segmented_scan(const std::vector<std::uint32_t>& keys,
                                              const std::vector<std::uint32_t>& values);

// How many segments the keys make (heads).
std::uint64_t segment_count(const std::vector<std::uint32_t>& keys);

} // namespace prefixlab
