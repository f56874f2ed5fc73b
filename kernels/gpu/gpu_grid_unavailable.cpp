// The grid entry points (gpu_run_grid_scan(s), gpu_trace_grid_scan, gpu_run_grid_reduce,
// gpu_run_grid_compact, gpu_run_grid_sort, gpu_run_bucketing) in a build without CUDA: refuse with the reason gpu_status() gives.
#include "kernels/gpu/gpu_block_scan.hpp"
#include "kernels/gpu/gpu_bucketing.hpp"
#include "kernels/gpu/gpu_segmented_scan.hpp"
#include "kernels/gpu/gpu_grid_compact.hpp"
#include "kernels/gpu/gpu_grid_reduce.hpp"
#include "kernels/gpu/gpu_grid_scan.hpp"
#include "kernels/gpu/gpu_grid_sort.hpp"
#include "kernels/gpu/gpu_grid_trace.hpp"

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

std::uint32_t gpu_run_grid_reduce(const GridReduceRequest&) { throw std::runtime_error(gpu_status().reason); }

GridCompactResult gpu_run_grid_compact(const GridCompactRequest&) { throw std::runtime_error(gpu_status().reason); }

GridSortResult gpu_run_grid_sort(const GridSortRequest&) { throw std::runtime_error(gpu_status().reason); }

std::vector<std::uint32_t> gpu_run_bucketing(const std::vector<std::uint32_t>&, std::uint32_t, BucketMethod) {
    throw std::runtime_error(gpu_status().reason);
}

std::vector<std::uint32_t> gpu_run_segmented_scan(const std::vector<std::uint32_t>&, const std::vector<std::uint32_t>&,
                                                  bool) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
