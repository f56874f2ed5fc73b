// Inside the GPU benchmark: one interface over everything it times, so the session's timing loop is
// written once. Drivers (gpu_scan_drivers.cu) and library baselines (gpu_scan_libraries.cu) live in
// their own translation units because CUB and Thrust compile slowly.
#pragma once

#include "kernels/bench/gpu_bench.hpp"
#include "kernels/gpu/grid_driver_scan.cuh"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace prefixlab {

// A runner is made for one scan (element type, operator, inclusive or exclusive): its input and output
// are 32-bit patterns of the scan's element type, which a typed runner reads as T (every type is 4
// bytes: value_bits.hpp).
class GpuScanRunner {
public:
    virtual ~GpuScanRunner() = default;
    // Enqueues the scan of n elements on the default stream; marks the timer after each phase.
    virtual void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer* timer) = 0;
};

// Plans `scan` for up to max_n elements (allocating workspaces); throws std::invalid_argument for a
// bad thread count or a scan the method does not time (gpu_scan_times_scan), CudaError when the
// workspace does not fit. A driver that times every scan dispatches on `scan` here
// (dispatch_element, kernels/block_dispatch.hpp) and instantiates its runner for the operator.
std::unique_ptr<GpuScanRunner> make_driver_runner(const GpuScanMethod& method, const BenchScan& scan, int threads,
                                                  std::size_t max_n);
// The tuned scans (is_tuned_scan): every scan with the tuned tile, uint32 + with any of
// tuned_scan_item_choices(). Throws std::invalid_argument for other items.
std::unique_ptr<GpuScanRunner> make_tuned_runner(const GpuScanMethod& method, const BenchScan& scan, int threads,
                                                 std::size_t max_n);
std::unique_ptr<GpuScanRunner> make_library_runner(const GpuScanMethod& method, const BenchScan& scan,
                                                   std::size_t max_n);

} // namespace prefixlab
