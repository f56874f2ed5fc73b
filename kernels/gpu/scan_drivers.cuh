// Hillis–Steele in global memory, scan-then-propagate around it: the form many course notes start from,
// kept as a benchmark of what shared memory buys. GPU-only and inclusive (the benchmark's scan); every
// other driver is written once for the GPU and the emulator (kernels/grid/grid_driver_plan.hpp).
//
// Each level scans its tiles of `threads` elements in place in global memory and stores their totals;
// the totals are scanned the same way, recursively; the shared propagate launch
// (kernels/grid/propagate_tile_prefix.cuh) then combines each tile's prefix into its elements.
#pragma once

#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_driver_scan.cuh"
#include "kernels/gpu/tile_kernels.cuh"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace prefixlab {

template <class Op>
class GlobalHillisSteeleScan {
public:
    using T = typename Op::value_type;

    // Plans for arrays of up to max_n elements with `threads` threads per block (32..1024, a power
    // of two) and allocates the tile totals of every recursion level: level d holds the totals of the
    // tiles of level d's array (level 0: the input). The top level fits in one tile and needs none.
    GlobalHillisSteeleScan(int threads, std::size_t max_n) : threads_(threads), tile_(std::size_t(threads)) {
        for (std::size_t count = tiles_of(max_n); count > 1; count = tiles_of(count))
            levels_.push_back(std::make_unique<DeviceBuffer<T>>(count));
    }

    // output may equal input (the spine scans the tile totals in place).
    void run(const T* input, T* output, std::size_t n, DriverTimer* timer = nullptr) const {
        run_level(input, output, n, 0, timer);
    }

private:
    std::size_t tiles_of(std::size_t n) const { return (n + tile_ - 1) / tile_; }

    void run_level(const T* input, T* output, std::size_t n, std::size_t depth, DriverTimer* timer) const {
        const std::size_t tiles = tiles_of(n);
        T* totals = tiles > 1 ? levels_.at(depth)->get() : nullptr;
        GpuDriverLauncher launcher(nullptr, depth == 0 ? timer : nullptr);
        global_hillis_steele_tile_kernel<Op><<<static_cast<unsigned>(tiles), threads_>>>(input, output, totals, n);
        PL_CUDA_CHECK_LAUNCH();
        launcher.phase_done();
        if (tiles == 1)
            return;
        run_level(totals, totals, tiles, depth + 1, nullptr);
        launcher.phase_done();
        DriverLaunchIo<T> io;
        io.input = output;
        io.output = output;
        io.n = n;
        io.tile = static_cast<int>(tile_);
        io.tiles = tiles;
        io.totals = {totals, BufferId::tile_totals, static_cast<std::uint32_t>(tiles)};
        launcher.launch<PropagateTilePrefix, Op>(
            DriverLaunch{"propagate", static_cast<std::uint32_t>(tiles), PropagateTilePrefix::threads_for(io.tile),
                         io.tile},
            io);
        launcher.phase_done();
    }

    int threads_;
    std::size_t tile_;
    std::vector<std::unique_ptr<DeviceBuffer<T>>> levels_;
};

} // namespace prefixlab
