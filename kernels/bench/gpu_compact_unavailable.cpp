// The compaction benchmark's GPU side in a build without CUDA: refuses with the reason gpu_status() gives.
#include "kernels/bench/gpu_compact_bench.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"

#include <stdexcept>

namespace prefixlab {

struct GpuCompactSession::State {};

GpuCompactSession::GpuCompactSession(const std::uint32_t*, std::size_t) { throw std::runtime_error(gpu_status().reason); }
GpuCompactSession::~GpuCompactSession() = default;

GpuCompactSamples GpuCompactSession::time(const GpuCompactMethod&, int, int, const std::function<bool()>&) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
