// The histogram table's library baselines (gpu_histogram_table.hpp), each with its temporary storage allocated once:
//   cub          cub::DeviceHistogram::HistogramEven over uint32 keys with levels 0 … 2^32 (64-bit levels: 2^32 is
//                no uint32), B + 1 levels for B bins, so that its bins are histogram_bin's (CUB computes
//                ⌊(key − 0) · B / 2^32⌋ in 64 bits for these types);
//   cub_shifted  for B = 2^b, the same bins as HistogramEven of key >> (32 − b) (a transform iterator) with 32-bit
//                levels 0 … B: CUB's bins without its 64-bit arithmetic (the H200 at 2^28 keys, 256 bins: the first
//                took 1.36 ms, 5.4 times the read pass; Nsight Compute at 2^24: 53.5 M instructions, ours 7.6 M).
#include "kernels/bench/gpu_histogram_runner.cuh"

#include <cub/device/device_histogram.cuh>
#include <thrust/iterator/transform_iterator.h>
#include <bit>
#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

class CubHistogramRunner final : public HistogramRunner {
public:
    CubHistogramRunner(std::uint32_t bins, std::size_t max_n)
        : HistogramRunner(bins), temp_(count(nullptr, 0, nullptr, max_n)) {}
    void run(const std::uint32_t* input, std::uint32_t*, std::size_t n) override {
        count(temp_.get(), temp_.size(), input, n);
    }

private:
    // Counts, or with no storage only sizes it; returns the temporary storage's bytes.
    std::size_t count(void* storage, std::size_t bytes, const std::uint32_t* input, std::size_t n) {
        PL_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(storage, bytes, input, counts_.get(), int(bins()) + 1,
                                                          0ull, 1ull << 32, static_cast<std::int64_t>(n)));
        return bytes;
    }
    DeviceBuffer<unsigned char> temp_;
};

// A key's bin among 2^(32 − shift) of equal width: its top bits.
struct TopBits {
    int shift = 32;
    __host__ __device__ std::uint32_t operator()(std::uint32_t key) const { return shift >= 32 ? 0u : key >> shift; }
};

class CubShiftedHistogramRunner final : public HistogramRunner {
public:
    CubShiftedHistogramRunner(std::uint32_t bins, std::size_t max_n)
        : HistogramRunner(bins), temp_(count(nullptr, 0, nullptr, max_n)) {
        if (!std::has_single_bit(bins))
            throw std::invalid_argument("CUB's shifted histogram takes a power of two of bins, not " + std::to_string(bins));
    }
    void run(const std::uint32_t* input, std::uint32_t*, std::size_t n) override {
        count(temp_.get(), temp_.size(), input, n);
    }

private:
    std::size_t count(void* storage, std::size_t bytes, const std::uint32_t* input, std::size_t n) {
        const TopBits top{32 - std::countr_zero(bins())};
        const auto bins_of = thrust::make_transform_iterator(input, top);
        PL_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(storage, bytes, bins_of, counts_.get(), int(bins()) + 1, 0u,
                                                          bins(), static_cast<std::int64_t>(n)));
        return bytes;
    }
    DeviceBuffer<unsigned char> temp_;
};

} // namespace

std::unique_ptr<GpuTableRunner> make_library_histogram_runner(const GpuHistogramMethod& method, std::size_t max_n) {
    if (method.kind == GpuHistogramKind::cub_shifted)
        return std::make_unique<CubShiftedHistogramRunner>(method.bins, max_n);
    if (method.kind != GpuHistogramKind::cub)
        throw std::invalid_argument("not a library histogram");
    return std::make_unique<CubHistogramRunner>(method.bins, max_n);
}

} // namespace prefixlab
