// Host interface to the single-block kernels on the GPU. Plain C++: callers need no CUDA headers, and
// a build without CUDA links gpu_unavailable.cpp instead, whose gpu_status() says why.
#pragma once

#include "kernels/common/block_request.hpp"
#include "kernels/common/gpu_status.hpp"
#include "kernels/common/raw_trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

// Probes once and caches; never throws.
const GpuStatus& gpu_status();

// Creates the CUDA context (cudaFree(0)) so that later timings exclude it; returns its cost in ms.
double gpu_create_context();

// Runs the traced instantiation and copies its trace back. Throws CudaError, std::runtime_error.
RawTrace gpu_trace_block_scan(const BlockRequest& request);

// Runs the untraced instantiation (what benchmarks and Nsight Compute see); returns the output bits.
std::vector<std::uint32_t> gpu_run_block_scan(const BlockRequest& request);

} // namespace prefixlab
