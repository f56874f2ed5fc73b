// The range of N each single-block algorithm accepts, read from the kernel bodies themselves.
#pragma once

#include "../../kernels/common/scan_types.hpp"

#include <cstddef>

namespace prefixlab {

int block_max_n(BlockAlgorithm algorithm);

// Throws std::invalid_argument with a one-line message naming N, the algorithm and its range.
void require_block_size_in_range(BlockAlgorithm algorithm, std::size_t n);

} // namespace prefixlab
