#include "core/ground/block_limits.hpp"

#include "core/ground/kernel_info.hpp"
#include "core/ground/kernel_names.hpp"
#include "kernels/common/cuda_limits.hpp"

#include <stdexcept>
#include <string>

namespace prefixlab {

int block_max_n(BlockAlgorithm algorithm) {
    return kernel_info(algorithm).max_n;
}

void require_block_size_in_range(BlockAlgorithm algorithm, std::size_t n) {
    const int max_n = block_max_n(algorithm);
    if (n < 1 || n > static_cast<std::size_t>(max_n))
        throw std::invalid_argument("N = " + std::to_string(n) + " is out of range for " +
                                    std::string(name_of(algorithm)) + " (1.." + std::to_string(max_n) + ")");
}

int block_min_threads(BlockAlgorithm algorithm, std::size_t n) {
    return kernel_info(algorithm).threads_for(static_cast<int>(n));
}

void require_block_threads_valid(BlockAlgorithm algorithm, std::size_t n, int block_threads) {
    if (block_threads == 0)
        return;
    const int minimum = block_min_threads(algorithm, n);
    if (block_threads < minimum)
        throw std::invalid_argument("a block of " + std::to_string(block_threads) + " threads is too small for " +
                                    std::string(name_of(algorithm)) + " with N = " + std::to_string(n) +
                                    " (it needs " + std::to_string(minimum) + ")");
    if (block_threads > kMaxBlockThreads)
        throw std::invalid_argument("a block of " + std::to_string(block_threads) +
                                    " threads is too large (CUDA allows 1.." + std::to_string(kMaxBlockThreads) + ")");
}

} // namespace prefixlab
