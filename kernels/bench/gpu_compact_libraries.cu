// The compaction benchmark's library baselines over uint32, keeping the odd elements:
// cub::DeviceSelect::If and cub::DevicePartition::If with their temporary storage allocated once (a tuned
// application's single-pass decoupled look-back), thrust::copy_if and thrust::stable_partition as a student calls them (they
// allocate their storage and return the end to the host on each call).
#include "kernels/bench/gpu_compact_table.hpp"
#include "kernels/common/compaction_predicate.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <cub/device/device_partition.cuh>
#include <cub/device/device_select.cuh>
#include <stdexcept>
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/partition.h>
#include <thrust/reverse.h>

namespace prefixlab {

namespace {

struct KeptElement {
    __host__ __device__ bool operator()(std::uint32_t x) const { return kept_element(x, KeepPredicate{}); } // the default: odd
};

class CubSelectRunner final : public GpuTableRunner {
public:
    explicit CubSelectRunner(std::size_t max_n) : kept_(1), temp_(select(nullptr, 0, nullptr, nullptr, max_n)) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        select(temp_.get(), temp_.size(), input, output, n);
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override { return kept_.download(1).front(); }

private:
    // Runs the selection, or with no storage only sizes it; returns the temporary storage's bytes.
    std::size_t select(void* storage, std::size_t bytes, const std::uint32_t* input, std::uint32_t* output,
                       std::size_t n) {
        PL_CUDA_CHECK(cub::DeviceSelect::If(storage, bytes, input, output, kept_.get(), static_cast<std::int64_t>(n),
                                            KeptElement{}));
        return bytes;
    }
    DeviceBuffer<std::uint64_t> kept_;
    DeviceBuffer<unsigned char> temp_;
};

// cub::DevicePartition::If with one output: the kept elements from the front in order, the rejected ones
// from the back, in reverse order (a single pass cannot know where the rejected part starts). Its answer
// turns the rejected part round, untimed, so that the table checks it against a stable partition.
class CubPartitionRunner final : public GpuTableRunner {
public:
    explicit CubPartitionRunner(std::size_t max_n) : kept_(1), temp_(partition(nullptr, 0, nullptr, nullptr, max_n)) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        partition(temp_.get(), temp_.size(), input, output, n);
        output_ = output;
        n_ = n;
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override {
        const std::uint64_t kept = kept_.download(1).front();
        if (kept < n_)
            thrust::reverse(thrust::device, output_ + kept, output_ + n_);
        PL_CUDA_CHECK(cudaDeviceSynchronize());
        return kept;
    }

private:
    std::size_t partition(void* storage, std::size_t bytes, const std::uint32_t* input, std::uint32_t* output,
                          std::size_t n) {
        PL_CUDA_CHECK(cub::DevicePartition::If(storage, bytes, input, output, kept_.get(),
                                               static_cast<std::int64_t>(n), KeptElement{}));
        return bytes;
    }
    DeviceBuffer<std::uint64_t> kept_;
    DeviceBuffer<unsigned char> temp_;
    std::uint32_t* output_ = nullptr;
    std::size_t n_ = 0;
};

class ThrustCopyIfRunner final : public HostAnswerRunner {
public:
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        answer_ = static_cast<std::uint64_t>(
            thrust::copy_if(thrust::device, input, input + n, output, KeptElement{}) - output);
    }
};

class ThrustStablePartitionRunner final : public HostAnswerRunner {
public:
    void prepare(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        PL_CUDA_CHECK(cudaMemcpyAsync(output, input, n * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice));
    }
    void run(const std::uint32_t*, std::uint32_t* output, std::size_t n) override {
        answer_ = static_cast<std::uint64_t>(
            thrust::stable_partition(thrust::device, output, output + n, KeptElement{}) - output);
    }
};

} // namespace

std::unique_ptr<GpuTableRunner> make_library_compact_runner(GpuCompactKind kind, std::size_t max_n) {
    switch (kind) {
    case GpuCompactKind::cub_select:
        return std::make_unique<CubSelectRunner>(max_n);
    case GpuCompactKind::cub_partition:
        return std::make_unique<CubPartitionRunner>(max_n);
    case GpuCompactKind::thrust_copy_if:
        return std::make_unique<ThrustCopyIfRunner>();
    case GpuCompactKind::thrust_stable_partition:
        return std::make_unique<ThrustStablePartitionRunner>();
    default:
        break;
    }
    throw std::invalid_argument("not a library compaction");
}

} // namespace prefixlab
