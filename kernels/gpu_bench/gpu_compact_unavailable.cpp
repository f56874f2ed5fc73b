// The compaction benchmark's GPU side in a build without CUDA: refuses with the reason gpu_status() gives.
#include "kernels/cuda/gpu_block_scan.hpp"
#include "kernels/gpu_bench/gpu_compact_bench.hpp"

#include <stdexcept>

namespace prefixlab {

GridCompactResult gpu_run_grid_compact(const GridCompactRequest&) { throw std::runtime_error(gpu_status().reason); }

struct GpuCompactSession::State {};

GpuCompactSession::GpuCompactSession(const std::uint32_t*, std::size_t) { throw std::runtime_error(gpu_status().reason); }
GpuCompactSession::~GpuCompactSession() = default;

GpuCompactSamples GpuCompactSession::time(const GpuCompactMethod&, int, int, const std::function<bool()>&) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
