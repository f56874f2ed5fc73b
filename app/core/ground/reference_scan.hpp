// The serial CPU reference every kernel is compared with: std::inclusive_scan / std::exclusive_scan
// in the element type with the same operator, left to right.
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace prefixlab {

std::vector<std::uint32_t> reference_scan(ElementType type, ScanOperator op, bool exclusive,
                                          const std::vector<std::uint32_t>& input);
// The same into `output` (n elements; may be `input`), with no copy of the input: the benchmark's
// reference at up to 2^34 elements.
void reference_scan(ElementType type, ScanOperator op, bool exclusive, const std::uint32_t* input,
                    std::uint32_t* output, std::size_t n);

// The same scan in double precision, for measuring float rounding against it.
std::vector<double> reference_scan_double(ElementType type, ScanOperator op, bool exclusive,
                                          const std::vector<std::uint32_t>& input);

// An element's value as a double, whatever its type (for display, error and plotting).
double element_as_double(ElementType type, std::uint32_t bits);

} // namespace prefixlab
