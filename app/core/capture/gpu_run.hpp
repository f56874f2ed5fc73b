// Running a block scan untraced on the GPU: the kernel Nsight Compute and the benchmarks measure,
// checked here against the CPU reference (`prefixlab run`).
#pragma once

#include "core/ground/scan_setup.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

// Runs the request of a setup that validate_scan_setup() accepted (block_request()) and returns
// the output words. The caller checks
// gpu_info().available first (to word the refusal its own way); without a GPU this throws
// std::runtime_error with the reason.
std::vector<std::uint32_t> run_untraced_on_gpu(const BlockRequest& request);

} // namespace prefixlab
