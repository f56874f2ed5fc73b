// The multi-block radix sorts on the GPU, untraced: GridSort, the textbook's (kernels/grid/grid_sort_plan.hpp),
// owns the tiles' digit counts and their spine; OnesweepSort (onesweep_sort_plan.hpp) the passes' digit
// counts, the tiles' status words and the tile counter. Each owns the scratch arrays the passes alternate
// with, sized for the largest N it is planned for, and runs its plan on a stream with the grid scans'
// launcher.
#pragma once

#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_driver_scan.cuh" // GpuDriverLauncher
#include "kernels/grid/grid_sort_request.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>

namespace prefixlab {

// The arrays of a sort of keys[0, n) into out, with values (null: none) into values_out and the sort's own
// scratch arrays: refuses an N from outside 1 … max_n and pairs for a sort planned for keys alone.
template <class T>
SortArrays<T> planned_sort_arrays(const T* keys, T* out, std::size_t n, std::size_t max_n, DeviceBuffer<T>& scratch,
                                  const std::uint32_t* values, std::uint32_t* values_out,
                                  DeviceBuffer<std::uint32_t>& values_scratch) {
    if (n == 0 || n > max_n)
        throw std::invalid_argument("N = " + std::to_string(n) + " is not from 1 to the " + std::to_string(max_n) +
                                    " this sort was planned for");
    if (values != nullptr && values_scratch.size() == 0)
        throw std::invalid_argument("this sort was planned for keys alone, not pairs");
    if (values == nullptr)
        return SortArrays<T>{keys, out, scratch.get()};
    return SortArrays<T>{keys, out, scratch.get(), values, values_out, values_scratch.get()};
}

template <class Op>
class GridSort {
public:
    using T = typename Op::value_type;

    // `pairs`: room for values too.
    GridSort(int threads, std::size_t max_n, bool pairs)
        : threads_(require_threads(threads)), max_n_(max_n == 0 ? 1 : max_n),
          counts_(grid_sort_counts(max_n_, threads)), scratch_(max_n_), values_scratch_(pairs ? max_n_ : 0) {}

    // Sorts keys[0, n) into out (device memory, 1 ≤ n ≤ max_n) by the radix keys' bits 0 … end_bit − 1
    // (32: every bit, as CUB's default), and values (null: none) into values_out with them.
    void run(const T* keys, T* out, std::size_t n, int end_bit = 32, const std::uint32_t* values = nullptr,
             std::uint32_t* values_out = nullptr, cudaStream_t stream = nullptr) {
        const SortArrays<T> arrays =
            planned_sort_arrays(keys, out, n, max_n_, scratch_, values, values_out, values_scratch_);
        GpuDriverLauncher launcher(stream, nullptr);
        run_grid_sort<Op>(launcher, arrays, n, end_bit, threads_,
                          GridWords<std::uint32_t>{counts_.get(), BufferId::tile_totals,
                                                   static_cast<std::uint32_t>(counts_.size())});
    }

private:
    static int require_threads(int threads) {
        if (!sort_threads_valid(threads))
            throw std::invalid_argument("a sort's block has " + sort_threads_rule() + " threads, not " +
                                        std::to_string(threads));
        return threads;
    }

    int threads_;
    std::size_t max_n_;
    DeviceBuffer<std::uint32_t> counts_;
    DeviceBuffer<T> scratch_;
    DeviceBuffer<std::uint32_t> values_scratch_;
};

template <class Op, int kItems = kOnesweepItems, int kWindow = kOnesweepWindow,
          bool kSharedCounts = kOnesweepSharedCounts, OnesweepValues kValues = kOnesweepValues>
class OnesweepSort {
public:
    using T = typename Op::value_type;

    // `pairs`: room for values too.
    OnesweepSort(std::size_t max_n, bool pairs)
        : max_n_(max_n == 0 ? 1 : max_n), counts_(kOnesweepMaxPasses * kOnesweepDigits),
          status_(onesweep_status_words(max_n_, kItems)), counter_(1), scratch_(max_n_),
          values_scratch_(pairs ? max_n_ : 0) {}

    // As GridSort::run.
    void run(const T* keys, T* out, std::size_t n, int end_bit = 32, const std::uint32_t* values = nullptr,
             std::uint32_t* values_out = nullptr, cudaStream_t stream = nullptr) {
        const SortArrays<T> arrays =
            planned_sort_arrays(keys, out, n, max_n_, scratch_, values, values_out, values_scratch_);
        GpuDriverLauncher launcher(stream, nullptr);
        run_onesweep_sort<kItems, kWindow, kSharedCounts, Op, kValues>(
            launcher, arrays, n, end_bit,
            OnesweepWords{{counts_.get(), BufferId::tile_totals, static_cast<std::uint32_t>(counts_.size())},
                          {status_.get(), BufferId::tile_status, static_cast<std::uint32_t>(status_.size())},
                          {counter_.get(), BufferId::tile_counter, 1}});
    }

private:
    std::size_t max_n_;
    DeviceBuffer<std::uint32_t> counts_;
    DeviceBuffer<std::uint64_t> status_;
    DeviceBuffer<std::uint32_t> counter_;
    DeviceBuffer<T> scratch_;
    DeviceBuffer<std::uint32_t> values_scratch_;
};

} // namespace prefixlab
