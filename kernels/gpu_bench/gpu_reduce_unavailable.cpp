// The reductions' GPU side in a build without CUDA: refuses with the reason gpu_status() gives.
#include "kernels/cuda/gpu_block_scan.hpp"
#include "kernels/gpu_bench/gpu_reduce_bench.hpp"

#include <stdexcept>

namespace prefixlab {

std::uint32_t gpu_run_grid_reduce(const GridReduceRequest&) { throw std::runtime_error(gpu_status().reason); }

struct GpuReduceSession::State {};

GpuReduceSession::GpuReduceSession(const std::uint32_t*, std::size_t) { throw std::runtime_error(gpu_status().reason); }
GpuReduceSession::~GpuReduceSession() = default;

GpuReduceSamples GpuReduceSession::time(const GpuReduceMethod&, int, int, const std::function<bool()>&) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
