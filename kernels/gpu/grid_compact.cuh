// Multi-block compaction and split on the GPU, untraced (kernels/grid/grid_compact_plan.hpp): GridCompact
// owns the tiles' counts and their spine, sized for the largest N it is planned for, and runs the plan
// on a stream with the grid scans' launcher.
#pragma once

#include "kernels/gpu/alternating_status_words.cuh"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_driver_scan.cuh" // GpuDriverLauncher
#include "kernels/grid/grid_compact_request.hpp"
#include "kernels/grid/single_pass_compact_plan.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>

namespace prefixlab {

template <class Op>
class GridCompact {
public:
    using T = typename Op::value_type;

    GridCompact(int threads, std::size_t max_n)
        : threads_(threads), max_n_(max_n == 0 ? 1 : max_n),
          counts_((require_threads(threads), grid_compact_counts(max_n_, threads))) {}

    // Compacts (split: partitions) input[0, n) into output (device memory, 1 ≤ n ≤ max_n), keeping what
    // `keep` keeps (the benchmarks: the default, odd).
    void run(const T* input, T* output, std::size_t n, bool split, const KeepPredicate& keep = {},
             cudaStream_t stream = nullptr) {
        if (n == 0 || n > max_n_)
            throw std::invalid_argument("N = " + std::to_string(n) + " is not from 1 to the " + std::to_string(max_n_) +
                                        " this compaction was planned for");
        GpuDriverLauncher launcher(stream, nullptr);
        run_grid_compact<Op>(launcher, split, keep, threads_, input, output, n,
                             GridWords<std::uint32_t>{counts_.get(), BufferId::tile_totals,
                                                      static_cast<std::uint32_t>(counts_.size())});
        last_n_ = n;
    }

    // The last run's kept count (waits for the GPU).
    std::size_t kept() const {
        std::uint32_t value = 0;
        PL_CUDA_CHECK(cudaMemcpy(&value, counts_.get() + grid_compact_kept_index(last_n_, threads_), sizeof value,
                                 cudaMemcpyDeviceToHost));
        return value;
    }

private:
    static int require_threads(int threads) {
        if (!compact_threads_valid(threads))
            throw std::invalid_argument("a compaction's block has " + compact_threads_rule() + " threads, not " +
                                        std::to_string(threads));
        return threads;
    }

    int threads_;
    std::size_t max_n_;
    DeviceBuffer<std::uint32_t> counts_;
    std::size_t last_n_ = 1;
};

// The single-pass compaction and split (kernels/grid/single_pass_compact.cuh), untraced, tuned: blocks of
// `threads` threads holding kItems elements a thread, looping over the tiles that fit at once. Owns two
// sets of status words and tile counters for the largest N it is planned for, as the scans do
// (alternating_status_words.cuh): a run's blocks clear the other set for the next run, so a run is one
// launch, without the two fills before it (CUB's select has an init kernel before its own).
template <class Op, int kItems = kSinglePassCompactItems, bool kStaged = kSinglePassCompactStaged>
class SinglePassGridCompact {
public:
    using T = typename Op::value_type;
    using Kernel = SinglePassCompact<kItems, kStaged>;

    SinglePassGridCompact(int threads, std::size_t max_n)
        : threads_(require_threads(threads)), max_n_(max_n == 0 ? 1 : max_n),
          words_(tiles_for(max_n_, Kernel::tile_elements(threads))), kept_(1) {}

    // Compacts input[0, n) into output (device memory, 1 ≤ n ≤ max_n); a split (rejected not null) also
    // writes the rejected elements to `rejected`, in order.
    void run(const T* input, T* output, T* rejected, std::size_t n, const KeepPredicate& keep = {},
             cudaStream_t stream = nullptr) {
        if (n == 0 || n > max_n_)
            throw std::invalid_argument("N = " + std::to_string(n) + " is not from 1 to the " + std::to_string(max_n_) +
                                        " this compaction was planned for");
        GpuDriverLauncher launcher(stream, nullptr);
        SinglePassCompactOptions options;
        options.threads = threads_;
        options.keep = keep;
        const AlternatingStatusWords::Run run = words_.start(tiles_for(n, Kernel::tile_elements(threads_)));
        const SinglePassCompactWords words{run.status,  run.counter,     {kept_.get(), BufferId::tile_totals, 1},
                                           run.cleared, run.next_status, run.next_counter};
        run_single_pass_compact<Kernel, Op>(launcher, options, input, output, rejected, n, words);
        words_.launched(run);
    }

    // The last run's kept count (waits for the GPU).
    std::size_t kept() const { return kept_.download(1)[0]; }

private:
    static int require_threads(int threads) {
        if (!Kernel::threads_valid(threads))
            throw std::invalid_argument("a compaction's block has " + compact_threads_rule() + " threads, not " +
                                        std::to_string(threads));
        return threads;
    }

    int threads_;
    std::size_t max_n_;
    AlternatingStatusWords words_;      // status words and tile counter, two sets
    DeviceBuffer<std::uint32_t> kept_; // the kept count
};

} // namespace prefixlab
