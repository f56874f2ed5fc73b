// The inputs a lecturer picks from: all ones (the scan counts), iota (0, 1, 2, …) and random values
// from a seed. Random values are small integers for + (sums stay readable) and wider for max/min
// (so the running extreme changes often); floats are uniform in [0, 1) so rounding shows.
// The generator is our own splitmix64, so a seed gives the same input on every platform.
#pragma once

#include "core/ground/kernel_names.hpp"
#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

std::vector<std::uint32_t> generate_input(InputKind kind, ElementType type, ScanOperator op, int n,
                                          std::uint64_t seed);

// A segmented scan's generated input (kernels/common/segmented_pairs.hpp): the uint32 values with a head flag on
// element 0 and on each other element with probability 1/5 (segments of mean length 5 that a 64-element block
// shows several of, at places the seed picks: the same seed, the same heads, whatever the input kind).
void add_segment_heads(std::vector<std::uint32_t>& values, std::uint64_t seed);

} // namespace prefixlab
