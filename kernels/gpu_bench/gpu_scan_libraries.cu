// The benchmark's library baselines: cub::DeviceScan::InclusiveSum (temporary storage allocated
// once, as a tuned application would), thrust::inclusive_scan as a student would call it (Thrust
// allocates its temporary storage on each call), and a device-to-device copy of the same bytes, the
// speed-of-light line: a scan must at least read N and write N.
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/gpu_bench/gpu_scan_runner.cuh"

#include <cub/device/device_scan.cuh>
#include <stdexcept>
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

namespace prefixlab {

namespace {

class CopyRunner final : public GpuScanRunner {
public:
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer*) override {
        PL_CUDA_CHECK(cudaMemcpyAsync(output, input, n * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice));
    }
};

class CubRunner final : public GpuScanRunner {
public:
    explicit CubRunner(std::size_t max_n) : temp_(temp_bytes(max_n)) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer*) override {
        std::size_t bytes = temp_.size();
        PL_CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp_.get(), bytes, input, output, n));
    }

private:
    static std::size_t temp_bytes(std::size_t max_n) {
        std::size_t bytes = 0;
        PL_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, bytes, static_cast<const std::uint32_t*>(nullptr),
                                                    static_cast<std::uint32_t*>(nullptr), max_n));
        return bytes;
    }
    DeviceBuffer<unsigned char> temp_;
};

class ThrustRunner final : public GpuScanRunner {
public:
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n, DriverTimer*) override {
        thrust::inclusive_scan(thrust::device, input, input + n, output);
    }
};

} // namespace

std::unique_ptr<GpuScanRunner> make_library_runner(const GpuScanMethod& method, std::size_t max_n) {
    switch (method.kind) {
    case GpuScanKind::copy:
        return std::make_unique<CopyRunner>();
    case GpuScanKind::cub:
        return std::make_unique<CubRunner>(max_n);
    case GpuScanKind::thrust:
        return std::make_unique<ThrustRunner>();
    default:
        throw std::invalid_argument("not a library baseline");
    }
}

} // namespace prefixlab
