// Every grid driver on the GPU (kernels/grid/grid_driver.hpp), untraced: the launcher that turns the
// driver plan's launches (kernels/grid/grid_driver_plan.hpp) into CUDA launches of one generic kernel
// around each body, and GridDriverScan, which owns the workspace (tile totals, status words, tile
// counter) sized from N and runs the plan on a stream, marking the outermost phases for the benchmark.
//
// The single-pass drivers launch one block per tile at once. With TileOrder::block_index the chained
// scan relies on blocks starting in index order, which CUDA does not promise; the tile counter (the
// default) does not, and is what anything that must not hang uses.
#pragma once

#include "kernels/common/gpu_block_too_large.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/alternating_status_words.cuh"
#include "kernels/gpu/cuda_context.cuh"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/grid/grid_driver_plan.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <cuda_runtime.h>
#include <limits>
#include <stdexcept>
#include <string>

namespace prefixlab {

// Marks the end of the outermost level's phases, in order (CUDA events in the benchmark): the phases
// gpu_scan_phase_names() lists. A scan of one tile marks the first phase only.
// The shared memory a block has without its kernel's opt-in (cudaFuncAttributeMaxDynamicSharedMemorySize).
inline constexpr std::size_t kDefaultSharedBytes = 48 * 1024;

struct DriverTimer {
    virtual ~DriverTimer() = default;
    virtual void mark() = 0;
};

// One launch of a driver: the body on the untraced context, its shared memory sized by its layout.
template <class Launch, class Op, class Io>
__global__ void grid_driver_kernel(Io io) {
    extern __shared__ __align__(16) unsigned char shared_memory[];
    CudaContext<false> ctx(shared_memory, DeviceTraceSink{});
    Launch::template run<Op>(ctx, io);
}

// The same, for a launch whose body caps its registers (Launch::kMaxRegisters: RegisterTileScan says why).
template <int kRegisters, class Launch, class Op, class Io>
__global__ void __maxnreg__(kRegisters) grid_capped_kernel(Io io) {
    extern __shared__ __align__(16) unsigned char shared_memory[];
    CudaContext<false> ctx(shared_memory, DeviceTraceSink{});
    Launch::template run<Op>(ctx, io);
}

// The kernel of a launch: capped where the body asks.
template <class Launch, class Op, class Io>
constexpr auto driver_kernel_of() {
    if constexpr (requires { Launch::kMaxRegisters; })
        return grid_capped_kernel<Launch::kMaxRegisters, Launch, Op, Io>;
    else
        return grid_driver_kernel<Launch, Op, Io>;
}

template <class W>
__global__ void fill_words_kernel(W* words, std::size_t count, W value) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x)
        words[i] = value;
}

class GpuDriverLauncher {
public:
    GpuDriverLauncher(cudaStream_t stream, DriverTimer* timer) : stream_(stream), timer_(timer) {}

    template <class Launch, class Op, class Io>
    void launch(const DriverLaunch& shape, const Io& io) {
        constexpr auto kernel = driver_kernel_of<Launch, Op, Io>();
        // asked once per kernel: what its registers allow
        static const int most_threads = max_block_threads(kernel);
        if (shape.threads > most_threads)
            throw GpuBlockTooLarge("the " + shape.name + " kernel takes at most " + std::to_string(most_threads) +
                                   " threads a block (its registers), not " + std::to_string(shape.threads));
        std::size_t bytes = launch_layout<Launch>(shape.threads).total_words * sizeof(std::uint32_t);
        std::uint32_t blocks = shape.blocks;
        if constexpr (requires { Launch::untraced_shared_bytes(shape.threads); })
            bytes = Launch::untraced_shared_bytes(shape.threads);
        if (bytes > kDefaultSharedBytes) {
            if (bytes > std::size_t(opt_in_shared_bytes()))
                throw GpuBlockTooLarge("the " + shape.name + " kernel's " + std::to_string(shape.threads) +
                                       "-thread blocks need " + std::to_string(bytes / 1024) +
                                       " KiB of shared memory, more than the " +
                                       std::to_string(opt_in_shared_bytes() / 1024) + " KiB a block can have");
            PL_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
        }
        // A body whose blocks loop over tiles (taken from the counter) gets no more blocks than fit at once.
        if constexpr (requires { Launch::kLoopsOverTiles; })
            if (io.order == TileOrder::atomic_counter)
                blocks = std::min(blocks, resident_blocks(kernel, shape.threads, bytes));
        kernel<<<blocks, shape.threads, bytes, stream_>>>(io);
        PL_CUDA_CHECK_LAUNCH();
    }

    // Zero (status words, counter, sums) with a memset; any other pattern (max's and min's identity)
    // with a small kernel, since the runtime has no 32-bit memset.
    template <class W>
    void fill(GridWords<W> words, std::size_t count, W value) {
        if (count == 0)
            return;
        const W zero{};
        if (std::memcmp(&value, &zero, sizeof(W)) == 0) {
            PL_CUDA_CHECK(cudaMemsetAsync(words.data, 0, count * sizeof(W), stream_));
            return;
        }
        const auto blocks = static_cast<unsigned>(count / 256 + 1 < 1024 ? count / 256 + 1 : 1024);
        fill_words_kernel<W><<<blocks, 256, 0, stream_>>>(words.data, count, value);
        PL_CUDA_CHECK_LAUNCH();
    }

    void phase_done() {
        if (timer_ != nullptr)
            timer_->mark();
    }

protected:
    cudaStream_t stream() const { return stream_; }

private:
    static int opt_in_shared_bytes() {
        int device = 0, bytes = 0;
        PL_CUDA_CHECK(cudaGetDevice(&device));
        PL_CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
        return bytes;
    }

    template <class Kernel>
    static std::uint32_t resident_blocks(Kernel kernel, int threads, std::size_t bytes) {
        int device = 0, sms = 0, per_sm = 0;
        PL_CUDA_CHECK(cudaGetDevice(&device));
        PL_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        PL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, bytes));
        return static_cast<std::uint32_t>(std::max(1, sms * per_sm));
    }

    template <class Kernel>
    static int max_block_threads(Kernel kernel) {
        cudaFuncAttributes attributes{};
        PL_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
        return attributes.maxThreadsPerBlock;
    }

    cudaStream_t stream_;
    DriverTimer* timer_;
};

// B of the two-level scan on this GPU for blocks of `threads`: as many blocks as the SMs hold at once
// by threads alone (2048 threads an SM on sm_90), so that one wave of blocks covers the array and
// every block walks one run.
inline std::uint32_t gpu_two_level_blocks(int threads) {
    int device = 0, sms = 0, threads_per_sm = 0;
    PL_CUDA_CHECK(cudaGetDevice(&device));
    PL_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    PL_CUDA_CHECK(cudaDeviceGetAttribute(&threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device));
    // threads is checked after this runs (GridDriverScan's initialiser list): never divide by 0 here
    const int per_sm = threads > 0 && threads_per_sm / threads > 0 ? threads_per_sm / threads : 1;
    return static_cast<std::uint32_t>(sms * per_sm);
}

// kEveryDriver = false: the tuned scan's two drivers only (run_grid_driver says why).
template <class Body, class Op, bool kEveryDriver = true>
class GridDriverScan {
public:
    using T = typename Op::value_type;

    // Plans for arrays of up to max_n elements (at least 1) with `threads` threads per tile scan.
    GridDriverScan(GridDriver driver, int threads, std::size_t max_n, TileOrder order = TileOrder::atomic_counter)
        : options_{driver, order, threads, gpu_two_level_blocks(threads)},
          tile_(threads * Body::kElementsPerThread), max_n_(max_n == 0 ? 1 : max_n),
          totals_(grid_driver_totals(options_, max_n_, tile_) + 1),
          words_(grid_driver_status_words(options_, max_n_, tile_)) {
        if (!SinglePassKernel<Body>::threads_valid(threads))
            throw std::invalid_argument("a grid scan's tile has " +
                                        tile_threads_rule(SinglePassKernel<Body>::max_threads()) +
                                        " threads, not " + std::to_string(threads));
        if (tiles_for(max_n_, tile_) > std::size_t(std::numeric_limits<int>::max()))
            throw std::invalid_argument("too many tiles for one grid: " + std::to_string(tiles_for(max_n_, tile_)));
    }

    // Scans input[0, n) into output (device pointers, n <= max_n). Output may equal input for an
    // inclusive scan (every block reads and writes its own tiles only); an exclusive one reads a
    // tile's last input back after its outputs are stored.
    void run(const T* input, T* output, std::size_t n, DriverTimer* timer = nullptr, cudaStream_t stream = nullptr) {
        if (n == 0)
            return;
        if (n > max_n_)
            throw std::invalid_argument("N = " + std::to_string(n) + " is more than this scan was planned for");
        GpuDriverLauncher launcher(stream, timer);
        const GridWords<T> totals{totals_.get(), BufferId::tile_totals, static_cast<std::uint32_t>(totals_.size())};
        if (!is_single_pass(options_.driver)) { // no status word or counter written
            run_grid_driver<Body, Op, GpuDriverLauncher, kEveryDriver>(
                launcher, options_, input, output, n, exclusive_,
                GridDriverWorkspace<T>{totals, words_.idle_status(), words_.idle_counter()});
            return;
        }
        const AlternatingStatusWords::Run run = words_.start(tiles_for(n, tile_));
        run_grid_driver<Body, Op, GpuDriverLauncher, kEveryDriver>(
            launcher, options_, input, output, n, exclusive_,
            GridDriverWorkspace<T>{totals, run.status, run.counter, run.cleared, run.next_status, run.next_counter});
        words_.launched(run);
    }

    void set_exclusive(bool exclusive) { exclusive_ = exclusive; }
    int tile() const { return tile_; }

private:
    GridDriverOptions options_;
    int tile_;
    std::size_t max_n_;
    bool exclusive_ = false;
    DeviceBuffer<T> totals_;
    AlternatingStatusWords words_; // the single-pass drivers' status words and counter
};

} // namespace prefixlab
