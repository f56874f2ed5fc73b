// The histogram table's library baseline (gpu_histogram_table.hpp): cub::DeviceHistogram::HistogramEven over
// uint32 keys with levels 0 … 2^32 (64-bit levels: 2^32 is no uint32), B + 1 levels for B bins, so that its
// bins are histogram_bin's (CUB computes ⌊(key − 0) · B / 2^32⌋ in 64 bits for these types), with its
// temporary storage allocated once.
#include "kernels/bench/gpu_histogram_runner.cuh"

#include <cub/device/device_histogram.cuh>
#include <stdexcept>

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

} // namespace

std::unique_ptr<GpuTableRunner> make_library_histogram_runner(const GpuHistogramMethod& method, std::size_t max_n) {
    if (method.kind != GpuHistogramKind::cub)
        throw std::invalid_argument("not a library histogram");
    return std::make_unique<CubHistogramRunner>(method.bins, max_n);
}

} // namespace prefixlab
