// Runs a single-block scan in the CPU emulator and returns what it recorded.
#pragma once

#include "kernels/common/block_request.hpp"
#include "kernels/common/raw_trace.hpp"

namespace prefixlab {

// Throws EmulationError when the kernel misbehaves (a barrier not every thread reaches, an index
// outside its buffer) and std::invalid_argument when N is outside the algorithm's range.
RawTrace emulate_block_scan(const BlockRequest& request);

} // namespace prefixlab
