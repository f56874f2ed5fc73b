// The benchmark session and the tuned scan of a build without CUDA: refuse every measurement and run
// with the reason gpu_status() gives. Linked instead of the .cu files when CMake finds no CUDA compiler.
#include "kernels/bench/gpu_bench.hpp"
#include "kernels/bench/gpu_tuned_scan.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"

#include <stdexcept>

namespace prefixlab {

GpuMemoryInfo gpu_memory_info() { throw std::runtime_error(gpu_status().reason); }
std::string gpu_driver_version() { return {}; }
std::string gpu_runtime_version() { return {}; }
bool gpu_reserve_transfer_buffer(std::size_t) { return false; }
std::size_t gpu_bench_session_bytes(std::size_t) { throw std::runtime_error(gpu_status().reason); }

struct GpuBenchSession::State {};

GpuBenchSession::GpuBenchSession(const BenchScan&, const std::uint32_t*, const std::uint32_t*, std::size_t) {
    throw std::runtime_error(gpu_status().reason);
}
GpuBenchSession::~GpuBenchSession() = default;
GpuScanSamples GpuBenchSession::time_scan(const GpuScanMethod&, int, int, int, const std::function<bool()>&) {
    throw std::runtime_error(gpu_status().reason);
}
GpuTransferSamples GpuBenchSession::time_transfers(int, int) { throw std::runtime_error(gpu_status().reason); }
std::vector<std::uint32_t> GpuBenchSession::download_output() const { throw std::runtime_error(gpu_status().reason); }

std::vector<std::uint32_t> gpu_run_tuned_scan(const TunedScanRequest&) { throw std::runtime_error(gpu_status().reason); }

} // namespace prefixlab
