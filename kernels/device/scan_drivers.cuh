// Multi-block inclusive scans of any length, built from the block scans: the drivers benchmarks time.
//
//   scan-then-propagate   scan every tile and keep its total; scan the totals (recursively: the
//                         "spine"); add each tile's preceding total to its elements. Reads and writes
//                         the array twice: 4N memory operations.
//   reduce-then-scan      reduce every tile to its total; scan the totals (the spine); scan every tile
//                         again, combining its preceding total into each output as it is written:
//                         reads the input twice and writes once, 3N.
//   global Hillis–Steele  scan-then-propagate whose tile scan works in global memory, not shared.
//
// Phases of the outermost level can be timed: a DriverTimer gets a mark after each (CUDA events in
// the benchmark). The spine's own phases are part of "spine".
#pragma once

#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/device/tile_kernels.cuh"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace prefixlab {

enum class DriverKind { scan_then_propagate, reduce_then_scan, global_hillis_steele };

// Marks the end of the outermost level's phases, in order: first pass (block scans, or reduce),
// spine, last pass (propagate, or scan). A scan of one tile marks the first pass only.
struct DriverTimer {
    virtual ~DriverTimer() = default;
    virtual void mark() = 0;
};

template <class Algo, class Op>
class MultiBlockScan {
public:
    using T = typename Op::value_type;

    // Plans for arrays of up to max_n elements with `threads` threads per block (32..1024, a power
    // of two) and allocates the tile totals of every recursion level: level d holds the totals of the
    // tiles of level d's array (level 0: the input). The top level fits in one tile and needs none.
    MultiBlockScan(DriverKind kind, int threads, std::size_t max_n)
        : kind_(kind), threads_(threads),
          tile_(kind == DriverKind::global_hillis_steele ? std::size_t(threads)
                                                         : std::size_t(tile_elements<Algo>(threads))) {
        for (std::size_t count = tiles_of(max_n); count > 1; count = tiles_of(count))
            levels_.push_back(std::make_unique<DeviceBuffer<T>>(count));
    }

    std::size_t tile() const { return tile_; }

    // output may equal input (the spine scans the tile totals in place).
    void run(const T* input, T* output, std::size_t n, DriverTimer* timer = nullptr) const {
        run_level(input, output, n, 0, timer);
    }

private:
    std::size_t tiles_of(std::size_t n) const { return (n + tile_ - 1) / tile_; }

    std::size_t shared_bytes() const {
        return Algo::layout(static_cast<int>(tile_)).total_words * sizeof(std::uint32_t);
    }

    void run_level(const T* input, T* output, std::size_t n, std::size_t depth, DriverTimer* timer) const {
        const std::size_t tiles = tiles_of(n);
        const auto grid = static_cast<unsigned>(tiles);
        T* totals = tiles > 1 ? levels_.at(depth)->get() : nullptr;
        const auto mark = [&] {
            if (timer != nullptr && depth == 0)
                timer->mark();
        };

        if (kind_ == DriverKind::reduce_then_scan && tiles > 1) {
            const auto reduce_grid = static_cast<unsigned>((tiles + kReduceTilesPerBlock - 1) / kReduceTilesPerBlock);
            tile_reduce_kernel<Op><<<reduce_grid, kStreamThreads>>>(input, totals, n, tile_, tiles);
            PL_CUDA_CHECK_LAUNCH();
            mark();
            run_level(totals, totals, tiles, depth + 1, nullptr);
            mark();
            tile_scan_kernel<Algo, Op><<<grid, threads_, shared_bytes()>>>(input, output, nullptr, totals, n);
            PL_CUDA_CHECK_LAUNCH();
            mark();
            return;
        }
        if (kind_ == DriverKind::global_hillis_steele)
            global_hillis_steele_tile_kernel<Op><<<grid, threads_>>>(input, output, totals, n);
        else
            tile_scan_kernel<Algo, Op><<<grid, threads_, shared_bytes()>>>(input, output, totals, nullptr, n);
        PL_CUDA_CHECK_LAUNCH();
        mark();
        if (tiles == 1)
            return;
        run_level(totals, totals, tiles, depth + 1, nullptr);
        mark();
        propagate_kernel<Op><<<grid, kStreamThreads>>>(output, totals, n, tile_);
        PL_CUDA_CHECK_LAUNCH();
        mark();
    }

    DriverKind kind_;
    int threads_;
    std::size_t tile_;
    std::vector<std::unique_ptr<DeviceBuffer<T>>> levels_;
};

} // namespace prefixlab
