// The per-kernel GPU entry points, declared only: generated translation units (kernels/CMakeLists.txt,
// from gpu_block_scan_kernel.cu.in, a few catalogue entries each) instantiate their definitions
// (gpu_block_scan_impl.cuh), so the dispatcher (gpu_block_scan.cu), which sees these declarations alone,
// compiles no kernel itself and nvcc compiles the units in parallel. A catalogue entry without its
// instantiation fails to link, naming the kernel.
#pragma once

#include "kernels/common/block_request.hpp"
#include "kernels/common/raw_trace.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

template <class Algo>
RawTrace gpu_trace_algorithm(const BlockRequest& request);

template <class Algo>
std::vector<std::uint32_t> gpu_run_algorithm(const BlockRequest& request);

} // namespace prefixlab
