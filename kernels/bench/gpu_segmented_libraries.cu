// The segmented table's library baseline (gpu_segmented_table.hpp): cub::DeviceScan::InclusiveScanByKey of uint32
// values by uint32 keys with cuda::std::plus, its temporary storage allocated once: CUB's segmented scan, which
// starts a segment where a key differs from the one before, as ours does.
#include "kernels/bench/gpu_segmented_runner.cuh"
#include "kernels/gpu/cuda_check.hpp"

#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>
#include <stdexcept>

namespace prefixlab {

namespace {

class CubSegmentedRunner final : public SegmentedRunner {
public:
    CubSegmentedRunner(const GpuSegmentedMethod& method, std::size_t max_n)
        : SegmentedRunner(method, max_n), temp_(scan(nullptr, 0, nullptr, nullptr, max_n)) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        scan(temp_.get(), temp_.size(), input, output, n);
    }

private:
    // Scans, or with no storage only sizes it; returns the temporary storage's bytes.
    std::size_t scan(void* storage, std::size_t bytes, const std::uint32_t* input, std::uint32_t* output,
                     std::size_t n) {
        PL_CUDA_CHECK(cub::DeviceScan::InclusiveScanByKey(storage, bytes, keys_.get(), input, output,
                                                          cuda::std::plus<std::uint32_t>{}, static_cast<std::int64_t>(n)));
        return bytes;
    }
    DeviceBuffer<unsigned char> temp_;
};

} // namespace

std::unique_ptr<GpuTableRunner> make_library_segmented_runner(const GpuSegmentedMethod& method, std::size_t max_n) {
    if (method.kind != GpuSegmentedKind::cub)
        throw std::invalid_argument("not a library segmented scan");
    return std::make_unique<CubSegmentedRunner>(method, max_n);
}

} // namespace prefixlab
