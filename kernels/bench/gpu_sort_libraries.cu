// The sort table's library baselines over uint32 keys (gpu_sort_table.hpp): cub::DeviceRadixSort::SortKeys
// and SortPairs with their temporary storage allocated once (what a tuned application calls: Onesweep since
// CUB 2.0), thrust::sort and thrust::stable_sort_by_key (pairs: stable, as the table checks) as a student
// calls them (they allocate their storage on each call, and sort in place: the input is copied to the
// output first, untimed).
#include "kernels/bench/gpu_sort_runner.cuh"
#include "kernels/bench/gpu_sort_table.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <stdexcept>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

namespace prefixlab {

namespace {

class CubRunner final : public SortRunner {
public:
    CubRunner(bool pairs, std::size_t max_n) : SortRunner(pairs, max_n), temp_(sort(nullptr, 0, nullptr, nullptr, max_n)) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        sort(temp_.get(), temp_.size(), input, output, n);
        ran(input, output, n);
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
    DeviceBuffer<unsigned char> temp_;
};

// In place: the values sorted in values_ itself, filled again before each run.
class ThrustRunner final : public SortRunner {
public:
    ThrustRunner(bool pairs, std::size_t max_n) : SortRunner(pairs, max_n, true) {}
    void prepare(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        PL_CUDA_CHECK(cudaMemcpyAsync(output, input, n * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice));
        if (pairs())
            fill_indices(values_.get(), n);
    }
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        if (pairs())
            thrust::stable_sort_by_key(thrust::device, output, output + n, values_.get());
        else
            thrust::sort(thrust::device, output, output + n);
        ran(input, output, n);
    }
    bool synchronizes() const override { return true; }

private:
    const std::uint32_t* sorted_values() const override { return values_.get(); }
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
