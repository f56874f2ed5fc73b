// The sort table's library baselines over uint32 keys (gpu_sort_table.hpp): cub::DeviceRadixSort::SortKeys
// and SortPairs with their temporary storage allocated once (what a tuned application calls: Onesweep since
// CUB 2.0), thrust::sort and thrust::stable_sort_by_key (pairs: stable, as the table checks) as a student
// calls them (they allocate their storage on each call, and sort in place: the input is copied to the
// output first, untimed).
#include "kernels/bench/gpu_sort_table.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <stdexcept>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

namespace prefixlab {

namespace {

class CubRunner final : public GpuTableRunner {
public:
    CubRunner(bool pairs, std::size_t max_n)
        : values_(pairs ? max_n : 0), values_out_(pairs ? max_n : 0),
          temp_(sort(nullptr, 0, nullptr, nullptr, max_n)) {
        if (pairs)
            fill_indices(values_.get(), max_n);
    }
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        sort(temp_.get(), temp_.size(), input, output, n);
        input_ = input;
        output_ = output;
        n_ = n;
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override {
        if (values_.size() == 0)
            return n_;
        return keys_with_their_values(input_, output_, values_out_.get(), n_);
    }

private:
    // Sorts, or with no storage only sizes it; returns the temporary storage's bytes.
    std::size_t sort(void* storage, std::size_t bytes, const std::uint32_t* input, std::uint32_t* output,
                     std::size_t n) {
        if (values_.size() > 0)
            PL_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(storage, bytes, input, output, values_.get(),
                                                          values_out_.get(), static_cast<std::int64_t>(n)));
        else
            PL_CUDA_CHECK(cub::DeviceRadixSort::SortKeys(storage, bytes, input, output, static_cast<std::int64_t>(n)));
        return bytes;
    }
    DeviceBuffer<std::uint32_t> values_, values_out_;
    DeviceBuffer<unsigned char> temp_;
    const std::uint32_t* input_ = nullptr;
    const std::uint32_t* output_ = nullptr;
    std::size_t n_ = 0;
};

class ThrustRunner final : public GpuTableRunner {
public:
    ThrustRunner(bool pairs, std::size_t max_n) : values_(pairs ? max_n : 0) {}
    void prepare(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        PL_CUDA_CHECK(cudaMemcpyAsync(output, input, n * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice));
        if (values_.size() > 0)
            fill_indices(values_.get(), n);
    }
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        if (values_.size() > 0)
            thrust::stable_sort_by_key(thrust::device, output, output + n, values_.get());
        else
            thrust::sort(thrust::device, output, output + n);
        input_ = input;
        output_ = output;
        n_ = n;
    }
    bool synchronizes() const override { return true; }
    std::optional<std::uint64_t> answer() override {
        if (values_.size() == 0)
            return n_;
        return keys_with_their_values(input_, output_, values_.get(), n_);
    }

private:
    DeviceBuffer<std::uint32_t> values_;
    const std::uint32_t* input_ = nullptr;
    const std::uint32_t* output_ = nullptr;
    std::size_t n_ = 0;
};

} // namespace

std::unique_ptr<GpuTableRunner> make_library_sort_runner(const GpuSortMethod& method, std::size_t max_n) {
    switch (method.kind) {
    case GpuSortKind::cub:
        return std::make_unique<CubRunner>(method.pairs, max_n);
    case GpuSortKind::thrust:
        return std::make_unique<ThrustRunner>(method.pairs, max_n);
    default:
        break;
    }
    throw std::invalid_argument("not a library sort");
}

} // namespace prefixlab
