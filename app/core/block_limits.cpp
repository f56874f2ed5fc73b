#include "block_limits.hpp"

#include "../../kernels/block/block_scan_dispatch.hpp"
#include "scan_names.hpp"

#include <stdexcept>
#include <string>

namespace prefixlab {

int block_max_n(BlockAlgorithm algorithm) {
    return dispatch_algorithm(algorithm, []<class Algo>() { return Algo::kMaxN; });
}

void require_block_size_in_range(BlockAlgorithm algorithm, std::size_t n) {
    const int max_n = block_max_n(algorithm);
    if (n < 1 || n > static_cast<std::size_t>(max_n))
        throw std::invalid_argument("N = " + std::to_string(n) + " is out of range for " +
                                    std::string(name_of(algorithm)) + " (1.." + std::to_string(max_n) + ")");
}

} // namespace prefixlab
