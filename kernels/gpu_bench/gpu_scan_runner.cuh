// Inside the GPU benchmark: one interface over everything it times, so the session's timing loop is
// written once. Drivers (gpu_scan_drivers.cu) and library baselines (gpu_scan_libraries.cu) live in
// their own translation units because CUB and Thrust compile slowly.
#pragma once

#include "kernels/device/grid_driver_scan.cuh"
#include "kernels/gpu_bench/gpu_bench.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace prefixlab {

class GpuScanRunner {
public:
    virtual ~GpuScanRunner() = default;
    // Enqueues the scan of n elements on the default stream; marks the timer after each phase.
    virtual void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer* timer) = 0;
};

// Plans for up to max_n elements (allocating workspaces); throws std::invalid_argument for a bad
// thread count, CudaError when the workspace does not fit.
std::unique_ptr<GpuScanRunner> make_driver_runner(const GpuScanMethod& method, int threads, std::size_t max_n);
std::unique_ptr<GpuScanRunner> make_library_runner(const GpuScanMethod& method, std::size_t max_n);

} // namespace prefixlab
