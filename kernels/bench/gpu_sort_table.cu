// The sort table's runners (gpu_sort_table.hpp): our textbook radix sort and Onesweep, keys alone and pairs; the copy is
// the tables' one. And the pairs' values and their check, which every runner of pairs shares.
#include "kernels/bench/gpu_sort_runner.cuh"
#include "kernels/bench/gpu_sort_table.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_sort.cuh"

#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

namespace {

__global__ void fill_indices_kernel(std::uint32_t* values, std::size_t n) {
    const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        values[i] = static_cast<std::uint32_t>(i);
}

// Ours, the textbook's GridSort or OnesweepSort (kernels/gpu/grid_sort.cuh).
template <class Sort>
class OwnSortRunner final : public SortRunner {
public:
    OwnSortRunner(std::unique_ptr<Sort> sort, const GpuSortMethod& method, std::size_t max_n)
        : SortRunner(method.pairs, max_n), sort_(std::move(sort)) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        sort_->run(input, output, n, 32, pairs() ? values_.get() : nullptr, pairs() ? values_out_.get() : nullptr);
        ran(input, output, n);
    }

private:
    std::unique_ptr<Sort> sort_;
};

template <int kItems, int kWindow = kOnesweepWindow, bool kSharedCounts = kOnesweepSharedCounts,
          OnesweepValues kValues = kOnesweepValues>
std::unique_ptr<GpuTableRunner> onesweep_runner(const GpuSortMethod& method, std::size_t max_n) {
    using Sort = OnesweepSort<AddOp<std::uint32_t>, kItems, kWindow, kSharedCounts, kValues>;
    return std::make_unique<OwnSortRunner<Sort>>(std::make_unique<Sort>(max_n, method.pairs), method, max_n);
}

} // namespace

void fill_indices(std::uint32_t* values, std::size_t n) {
    if (n == 0)
        return;
    fill_indices_kernel<<<static_cast<unsigned>((n + 255) / 256), 256>>>(values, n);
    PL_CUDA_CHECK_LAUNCH();
    PL_CUDA_CHECK(cudaDeviceSynchronize());
}

std::uint64_t keys_with_their_values(const std::uint32_t* input, const std::uint32_t* sorted,
                                     const std::uint32_t* values, std::size_t n) {
    std::vector<std::uint32_t> keys(n), out(n), from(n);
    PL_CUDA_CHECK(cudaMemcpy(keys.data(), input, n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    PL_CUDA_CHECK(cudaMemcpy(out.data(), sorted, n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    PL_CUDA_CHECK(cudaMemcpy(from.data(), values, n * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    std::uint64_t right = 0;
    for (std::size_t j = 0; j < n; ++j) {
        const bool own = from[j] < n && keys[from[j]] == out[j];
        const bool stable = j == 0 || out[j] != out[j - 1] || from[j - 1] < from[j];
        right += own && stable ? 1 : 0;
    }
    return right;
}

std::unique_ptr<GpuTableRunner> make_gpu_sort_runner(const GpuSortMethod& method, std::size_t max_n) {
    switch (method.kind) {
    case GpuSortKind::copy:
        return make_copy_runner();
    case GpuSortKind::textbook: {
        using Sort = GridSort<AddOp<std::uint32_t>>;
        return std::make_unique<OwnSortRunner<Sort>>(std::make_unique<Sort>(method.threads, max_n, method.pairs), method,
                                                     max_n);
    }
    case GpuSortKind::onesweep:
        if (method.other_staging)
            return onesweep_runner<kOnesweepItems, kOnesweepWindow, kOnesweepSharedCounts,
                                   kOnesweepValues == OnesweepValues::after_keys ? OnesweepValues::own_buffer
                                                                                 : OnesweepValues::after_keys>(
                method, max_n);
        if (method.other_histogram)
            return onesweep_runner<kOnesweepItems, kOnesweepWindow, !kOnesweepSharedCounts>(method, max_n);
        if (method.window != 0 && method.window != kOnesweepWindow) { // the sweep's: at the tuned tile
            switch (method.window) {
            case 1:
                return onesweep_runner<kOnesweepItems, 1>(method, max_n);
            case 4:
                return onesweep_runner<kOnesweepItems, 4>(method, max_n);
            case 8:
                return onesweep_runner<kOnesweepItems, 8>(method, max_n);
            default:
                throw std::invalid_argument("Onesweep's look-back is not built with a window of " +
                                            std::to_string(method.window));
            }
        }
        switch (method.items == 0 ? kOnesweepItems : method.items) {
        case 8:
            return onesweep_runner<8>(method, max_n);
        case 12:
            return onesweep_runner<12>(method, max_n);
        case 16:
            return onesweep_runner<16>(method, max_n);
        case 20:
            return onesweep_runner<20>(method, max_n);
        case 24:
            return onesweep_runner<24>(method, max_n);
        case 28:
            return onesweep_runner<28>(method, max_n);
        case 32:
            return onesweep_runner<32>(method, max_n);
        default:
            throw std::invalid_argument("Onesweep is not built with " + std::to_string(method.items) +
                                        " keys a thread");
        }
    default:
        break;
    }
    return make_library_sort_runner(method, max_n);
}

} // namespace prefixlab
