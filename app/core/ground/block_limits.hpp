// The range of N each single-block algorithm accepts and the threads it needs, read from its row of the
// kernel table (kernel_info.hpp), which its catalogue entry filled in.
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstddef>

namespace prefixlab {

int block_max_n(BlockAlgorithm algorithm);

// Throws std::invalid_argument with a one-line message naming N, the algorithm and its range.
void require_block_size_in_range(BlockAlgorithm algorithm, std::size_t n);

// The fewest threads the algorithm needs for N (N for one element per thread, half the padded N for
// Blelloch's two).
int block_min_threads(BlockAlgorithm algorithm, std::size_t n);

// A requested block size (0: the minimum) must hold the algorithm's threads for N and at most CUDA's
// kMaxBlockThreads;
// throws std::invalid_argument naming the problem.
void require_block_threads_valid(BlockAlgorithm algorithm, std::size_t n, int block_threads);

} // namespace prefixlab
