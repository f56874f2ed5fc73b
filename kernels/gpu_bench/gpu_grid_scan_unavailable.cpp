// gpu_run_grid_scan(s), gpu_trace_grid_scan and gpu_run_tuned_scan in a build without CUDA: refuses with the reason gpu_status() gives.
#include "kernels/cuda/gpu_block_scan.hpp"
#include "kernels/gpu_bench/gpu_grid_scan.hpp"
#include "kernels/gpu_bench/gpu_grid_trace.hpp"
#include "kernels/gpu_bench/gpu_tuned_scan.hpp"

#include <stdexcept>

namespace prefixlab {

std::vector<std::uint32_t> gpu_run_grid_scan(const GridScanRequest&) {
    throw std::runtime_error(gpu_status().reason);
}

std::vector<std::vector<std::uint32_t>> gpu_run_grid_scans(const GridScanRequest&, const std::vector<std::size_t>&) {
    throw std::runtime_error(gpu_status().reason);
}

GpuGridRun gpu_trace_grid_scan(const GridScanRequest&, std::uint32_t, std::uint64_t) {
    throw std::runtime_error(gpu_status().reason);
}

std::vector<std::uint32_t> gpu_run_tuned_scan(const TunedScanRequest&) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
