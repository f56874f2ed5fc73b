// One single-block scan to run, traced or not, on the GPU or in the emulator. The block size and
// shared-memory layout follow from the algorithm and the input's length.
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
    std::vector<std::uint32_t> input; // element bits; its size is N
};

} // namespace prefixlab
