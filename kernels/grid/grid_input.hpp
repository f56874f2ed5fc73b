// What a multi-block scan and a multi-block reduction are asked to combine, on the GPU and in the
// emulator alike (grid_scan_request.hpp, grid_reduce_request.hpp): the input as 32-bit patterns
// (kernels/common/value_bits.hpp), the element type they hold, and the operator.
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct GridInput {
    std::vector<std::uint32_t> input;
    ElementType type = ElementType::uint32;
    ScanOperator op = ScanOperator::add;
};

} // namespace prefixlab
