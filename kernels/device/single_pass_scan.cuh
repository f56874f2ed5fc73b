// The single-pass scans on the GPU (kernels/grid/single_pass_scan.cuh: the chained scan and decoupled
// look-back), untraced: the kernel around the grid body, and a launcher that owns the tile status words
// and the tile counter, sized from N, and clears them before every run.
//
// One launch scans the whole array: one block per tile, all launched at once. With TileOrder::block_index
// the chained scan relies on blocks starting in index order, which CUDA does not promise; the tile
// counter (the default) does not, and is what anything that must not hang uses.
#pragma once

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/cuda_context.cuh"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/grid/single_pass_scan.cuh"

#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>
#include <limits>
#include <stdexcept>
#include <string>

namespace prefixlab {

template <class Body, class Op>
__global__ void single_pass_scan_kernel(GridScanIo<typename Op::value_type> io) {
    extern __shared__ __align__(16) unsigned char shared_memory[];
    CudaContext<false> ctx(shared_memory, DeviceTraceSink{});
    SinglePassScan<Body>::template run<Op>(ctx, io);
}

template <class Body, class Op>
class SinglePassGridScan {
public:
    using T = typename Op::value_type;
    using Scan = SinglePassScan<Body>;

    // Plans for arrays of up to max_n elements (at least 1) with `threads` threads per tile.
    SinglePassGridScan(int threads, std::size_t max_n, GridProtocol protocol, TileOrder order)
        : threads_(threads), tile_(Scan::tile_elements(threads)), protocol_(protocol), order_(order),
          status_(tiles_for(max_n == 0 ? 1 : max_n, Scan::tile_elements(threads))), counter_(1) {
        if (!Scan::threads_valid(threads))
            throw std::invalid_argument("a single-pass scan's tile has a multiple of 32 threads up to " +
                                        std::to_string(Body::kMaxN / Body::kElementsPerThread) + ", not " +
                                        std::to_string(threads));
        if (status_.size() > std::size_t(std::numeric_limits<int>::max()))
            throw std::invalid_argument("too many tiles for one grid: " + std::to_string(status_.size()));
    }

    // Scans input[0, n) into output (device pointers, n <= max_n): clears the status words and the
    // counter on the stream, then one launch.
    void run(const T* input, T* output, std::size_t n, cudaStream_t stream = nullptr) {
        if (n == 0)
            return;
        const std::size_t tiles = tiles_for(n, tile_);
        if (tiles > status_.size())
            throw std::invalid_argument("N = " + std::to_string(n) +
                                        " is more than this scan was planned for");
        PL_CUDA_CHECK(cudaMemsetAsync(status_.get(), 0, tiles * sizeof(std::uint64_t), stream));
        PL_CUDA_CHECK(cudaMemsetAsync(counter_.get(), 0, sizeof(std::uint32_t), stream));
        const GridScanIo<T> io{input,
                               output,
                               n,
                               exclusive_,
                               tile_,
                               {status_.get(), BufferId::tile_status, static_cast<std::uint32_t>(tiles)},
                               {counter_.get(), BufferId::tile_counter, 1},
                               protocol_,
                               order_};
        const std::size_t shared_bytes = Scan::layout(threads_).shared.total_words * sizeof(std::uint32_t);
        single_pass_scan_kernel<Body, Op>
            <<<static_cast<unsigned>(tiles), threads_, shared_bytes, stream>>>(io);
        PL_CUDA_CHECK_LAUNCH();
    }

    void set_exclusive(bool exclusive) { exclusive_ = exclusive; }
    int tile() const { return tile_; }

private:
    int threads_;
    int tile_;
    GridProtocol protocol_;
    TileOrder order_;
    bool exclusive_ = false;
    DeviceBuffer<std::uint64_t> status_;
    DeviceBuffer<std::uint32_t> counter_;
};

} // namespace prefixlab
