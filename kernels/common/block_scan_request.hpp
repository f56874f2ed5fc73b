// One single-block scan to run, traced or not, on the GPU or in the emulator. The shared-memory layout
// follows from the algorithm and the input's length; the block has the algorithm's minimum number of
// threads for N unless block_threads asks for more (the extra threads only take part in barriers).
#pragma once

#include "scan_types.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct BlockScanRequest {
    BlockAlgorithm algorithm = BlockAlgorithm::hillis_steele;
    ElementType type = ElementType::int32;
    ScanOperator op = ScanOperator::add;
    bool exclusive = false;
    int block_threads = 0;            // 0: the algorithm's minimum for N
    std::vector<std::uint32_t> input; // element bits; its size is N
};

// The threads to launch: the request's block size, or the algorithm's minimum when it asks for none
// or fewer (callers validate with require_block_threads_valid, app/core/block_limits.hpp).
template <class Algo>
int launch_threads(const BlockScanRequest& request) {
    const int minimum = Algo::threads_for(static_cast<int>(request.input.size()));
    return request.block_threads > minimum ? request.block_threads : minimum;
}

} // namespace prefixlab
