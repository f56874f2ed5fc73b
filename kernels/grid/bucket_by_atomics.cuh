// Bucketing where atomics decide each key's slot (issue 37; the lecture's first answer to "where does each
// element of the histogram example go?"): with each bucket's start known (a histogram, then an exclusive
// scan of its counts: kernels/grid/bucket_plan.hpp), every key takes the next free slot of its bucket with an
// atomicAdd on the bucket's cursor and is written there. Every key lands in its bucket, but which slot it
// takes depends on which key's atomic came first: the order within a bucket changes from run to run (and in
// the emulator from schedule to schedule). bucket_plan.hpp's other way, by scan, keeps the order.
#pragma once

#include "kernels/common/catalogue_entry.hpp"
#include "kernels/common/grid_words.hpp"
#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/grid/histogram_tiles.cuh"

#include <cstddef>
#include <cstdint>

namespace prefixlab {

struct BucketIo {
    const std::uint32_t* keys = nullptr;
    std::uint32_t* out = nullptr;
    std::size_t n = 0;
    int tile = 0;          // kHistogramThreads × kItems
    std::size_t tiles = 0; // tiles_for(n, tile)
    std::uint32_t bins = 1;
    GridWords<std::uint32_t> cursors; // `bins` words: where each bucket's next free slot is (its start at first)
};

// A block a tile, key q of thread i at q · kHistogramThreads + i of the tile.
template <int kItems>
struct BucketByAtomics {
    static constexpr const char* kSourcePath = "kernels/grid/bucket_by_atomics.cuh";
    static constexpr KernelFile kFile = kernel_file_at(kSourcePath);

    PL_HOST_DEVICE static constexpr SharedLayout layout(int) {
        SharedLayout layout;
        layout.add(BufferId::warp_totals, 1);
        return layout;
    }

    template <class Op, class Ctx>
    PL_BODY static void run(Ctx& ctx, const BucketIo& io) {
        using U = typename Ctx::template value<std::uint32_t>;
        const auto i = static_cast<std::uint32_t>(ctx.thread_index());
        const std::size_t base = std::size_t(ctx.block_index()) * std::size_t(io.tile);
        const std::size_t left = io.n - base;
        const auto count = static_cast<std::uint32_t>(left < std::size_t(io.tile) ? left : std::size_t(io.tile));
        const auto in = block_input(ctx, ScanIo<std::uint32_t>{io.keys + base, nullptr, static_cast<int>(count), false});
        const auto out = block_output(ctx, ScanIo<std::uint32_t>{nullptr, io.out, static_cast<int>(io.n), false});

        ctx.begin(step_tag(kFile, kPlace.phase, __LINE__));
        for (int q = 0; q < kItems; ++q) {
            const std::uint32_t e = std::uint32_t(q) * kHistogramThreads + i;
            if (e >= count)
                break;
            const U key = in[e];
            const std::uint32_t slot = ctx.template atomic_combine<AddOp<std::uint32_t>>(
                io.cursors, histogram_bin(plain_value(key), io.bins), 1u);
            out[slot] = key;
        }
    }

    static constexpr PhaseSpec kPlace{"bucket-atomic", "each key takes its bucket's next slot", nullptr,
                                      "Each thread reads a key, adds 1 to its bucket's cursor with atomicAdd and "
                                      "writes the key where the cursor was: the order within a bucket is the "
                                      "order the atomics came in."};
    static constexpr PhaseSpec kPhases[] = {kPlace};
};

} // namespace prefixlab
