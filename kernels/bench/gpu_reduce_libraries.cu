// The reduction benchmark's library baselines, uint32 +: cub::DeviceReduce::Sum with its temporary
// storage allocated once (a tuned application), and thrust::reduce as a student calls it (it allocates
// its storage and returns the total to the host on each call).
#include "kernels/bench/gpu_reduce_table.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <cub/device/device_reduce.cuh>
#include <stdexcept>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

namespace prefixlab {

namespace {

class CubReduceRunner final : public GpuTableRunner {
public:
    explicit CubReduceRunner(std::size_t max_n) : total_(1), temp_(sum(nullptr, 0, nullptr, max_n)) {}
    void run(const std::uint32_t* input, std::uint32_t*, std::size_t n) override {
        sum(temp_.get(), temp_.size(), input, n);
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override { return total_.download(1).front(); }

private:
    // Runs the sum, or with no storage only sizes it; returns the temporary storage's bytes.
    std::size_t sum(void* storage, std::size_t bytes, const std::uint32_t* input, std::size_t n) {
        PL_CUDA_CHECK(cub::DeviceReduce::Sum(storage, bytes, input, total_.get(), static_cast<std::int64_t>(n)));
        return bytes;
    }
    DeviceBuffer<std::uint32_t> total_;
    DeviceBuffer<unsigned char> temp_;
};

class ThrustReduceRunner final : public HostAnswerRunner {
public:
    void run(const std::uint32_t* input, std::uint32_t*, std::size_t n) override {
        answer_ = thrust::reduce(thrust::device, input, input + n, std::uint32_t(0));
    }
};

} // namespace

std::unique_ptr<GpuTableRunner> make_library_reduce_runner(GpuReduceKind kind, std::size_t max_n) {
    if (kind == GpuReduceKind::cub)
        return std::make_unique<CubReduceRunner>(max_n);
    if (kind == GpuReduceKind::thrust)
        return std::make_unique<ThrustReduceRunner>();
    throw std::invalid_argument("not a library reduction");
}

} // namespace prefixlab
