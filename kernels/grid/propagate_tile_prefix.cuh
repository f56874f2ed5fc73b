// The last launch of scan-then-propagate and of the atomic global scan, "propagate" (the CUDA
// Handbook's fan-out, the lecture's update kernel): every tile but the first already holds its own
// scan, and combines the exclusive prefix of the tile — everything before it — into each element.
// Reads and writes N; it only moves data, so it should run at the speed of a copy.
//
// Tile b's prefix is totals[totals_base + b - 1]: scan-then-propagate's scanned totals (the inclusive
// scan of the totals up to tile b - 1), or the atomic scan's partial sums shifted by one (the launch's
// totals_base is then the partials' base + 1). Every thread reads the prefix (one word: a broadcast)
// and combines it into a strided share of the tile, neighbouring threads on neighbouring elements.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/vector_words.cuh"

#include <cstdint>

namespace prefixlab {

struct PropagateTilePrefix {
    static constexpr const char* kSourcePath = "kernels/grid/propagate_tile_prefix.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);
    static constexpr int kMaxThreads = 256; // a tile of 1024 elements: one 16-byte vector per thread

    PL_HOST_DEVICE static constexpr int threads_for(int tile) { return tile < kMaxThreads ? tile : kMaxThreads; }
    PL_HOST_DEVICE static constexpr SharedLayout layout(int) { return SharedLayout{}; }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const DriverLaunchIo<typename Op::value_type>& io) {
        using T = typename Op::value_type;
        using V = typename Ctx::template value<T>;
        const auto b = static_cast<std::uint32_t>(ctx.block_index());
        ctx.begin(step_tag(kFile, kPropagate.phase, __LINE__));
        if (b == 0)
            return; // the first tile has nothing before it
        const T prefix = read_total(ctx, io.totals, io.totals_base + b - 1);
        const ScanIo<T> tile = tile_io(io, b);
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const auto threads = static_cast<std::uint32_t>(ctx.block_threads());
#if defined(__CUDACC__)
        // Untraced GPU: whole vectors where the tile allows (every full tile of the benchmark's sizes);
        // the traced and emulated instantiations record each element below.
        if constexpr (!Ctx::traced)
            if (tile.n == io.tile && quad_aligned(tile.output, std::size_t(tile.n))) {
                combine_prefix_quads<Op>(tile.output, std::size_t(tile.n), prefix, i, threads);
                return;
            }
#endif
        const auto out = block_output(ctx, tile);
        PL_CUDA_PRAGMA(unroll 1) for (std::uint32_t k = i; k < static_cast<std::uint32_t>(tile.n); k += threads) {
            const V x = out[k];
            out[k] = Op::apply(prefix, x);
        }
    }

    static constexpr PhaseSpec kPropagate{"propagate", "combine the tile's prefix into every element", nullptr,
                                          "Every thread reads the prefix of the tiles before this one and "
                                          "combines it into its share of the tile's elements."};
    static constexpr PhaseSpec kPhases[] = {kPropagate};
};

} // namespace prefixlab
