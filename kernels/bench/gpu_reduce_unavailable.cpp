// The reductions' GPU side in a build without CUDA: refuses with the reason gpu_status() gives.
#include "kernels/bench/gpu_reduce_bench.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"

#include <stdexcept>

namespace prefixlab {

struct GpuReduceSession::State {};

GpuReduceSession::GpuReduceSession(const std::uint32_t*, std::size_t) { throw std::runtime_error(gpu_status().reason); }
GpuReduceSession::~GpuReduceSession() = default;

GpuReduceSamples GpuReduceSession::time(const GpuReduceMethod&, int, int, const std::function<bool()>&) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
