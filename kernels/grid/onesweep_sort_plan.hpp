// Onesweep's launches (kernels/grid/onesweep_sort.cuh), written once for the GPU and the emulator over the
// grid scans' launchers:
//
//   histogram   every pass's 256 digit counts, in one read of the keys
//   scan        each pass's counts into where each digit's keys start
//   a pass a digit, 8 bits each: the status words and the tile counter cleared, then one launch that ranks,
//               looks back and scatters
//
// N + passes × 2N key reads and writes in all, where the textbook pass (grid_sort_plan.hpp) makes 3N a
// 4-bit digit. The passes alternate between the output and a scratch array, as the textbook's do.
#pragma once

#include "kernels/common/grid_words.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/grid/grid_driver_plan.hpp"
#include "kernels/grid/grid_sort_plan.hpp" // SortArrays
#include "kernels/grid/onesweep_sort.cuh"

#include <cstddef>
#include <cstdint>
#include <string>

namespace prefixlab {

// Keys a thread of the tuned GPU kernel (kernels/gpu/grid_sort.cuh), and of traced runs and the emulator,
// whose small tiles make a few thousand keys many tiles that look back. The H200 at 2^28 keys (sort-table
// --sweep, window 4, CUB's SortKeys 5.41 ms in the same run): 8 keys 8.58 ms, 12 7.13, 16 6.33, 20 5.78, 24 5.34,
// 28 5.22, 32 5.07; the fewer tiles, the less each tile's own work (its counts, their scan, its look-back) weighs.
inline constexpr int kOnesweepItems = 32;
inline constexpr int kOnesweepTracedItems = 2;
// A traced run on the GPU (kernels/gpu/gpu_grid_trace.cu) records every access to the status words, a row each,
// and a grid trace holds 2^19 rows. Its tiles all run at once, so each digit's look-back walks back to the last
// prefix out, about half the tiles: the H200, 256 × 32 keys a tile (keys of 0..9, one pass, every digit looked
// back for): 2^20 keys in 128 tiles made 619,536 accesses, 2^22 in 512 tiles 8,007,248. Tiles of 256 × 64 keys
// (64 KiB of staged keys: the launch asks for the shared memory) and the pass's skipping of the digits no key
// has bring 2^22 within a trace. Window 1: a wider one reads words past the first prefix, every one a row.
inline constexpr int kOnesweepGpuTracedItems = 64;
inline constexpr int kOnesweepGpuTracedWindow = 1;
// Predecessors a look-back reads at once (digit_look_back): the H200 at 2^28 keys, 256 x 20: 1 5.92 ms, 4 5.75,
// 8 5.80. The emulator runs each window the GPU is built with.
inline constexpr int kOnesweepWindow = 4;
inline constexpr int kOnesweepWindowChoices[] = {1, 4, 8};
// How the pairs' values are staged (OnesweepValues): the H200 at 2^28 pairs (sort-table --sweep, keys alone 4.90 ms
// and CUB's SortPairs 8.49 in the same run): after the keys 8.70 ms (41 KiB a block, 4 blocks an SM), in a buffer
// of their own 9.05 (73 KiB, 3). After the keys at 256 × 16: 9.91, × 20 9.20, × 24 8.76, × 28 8.68.
inline constexpr OnesweepValues kOnesweepValues = OnesweepValues::after_keys;
// Whether the histogram counts the digits with shared-memory atomics (CUB's), or each warp by ballots: atomics,
// measured on the H200 at 2^24 keys (Nsight Compute): 69 µs against 408 µs (36 ballots a row of keys).
inline constexpr bool kOnesweepSharedCounts = true;

constexpr int onesweep_tile(int items) { return kOnesweepThreads * items; }

// Status words of a sort of n keys: 256 a tile.
constexpr std::size_t onesweep_status_words(std::size_t n, int items) {
    return tiles_for(n, onesweep_tile(items)) * kOnesweepDigits;
}

// The grid arrays of a sort: the passes' digit counts (kOnesweepMaxPasses × 256 words), the status words
// (onesweep_status_words) and the tile counter (one word).
struct OnesweepWords {
    GridWords<std::uint32_t> counts;
    GridWords<std::uint64_t> status;
    GridWords<std::uint32_t> tile_counter;
};

// Sorts arrays.in[0, n) into arrays.out by the radix keys' bits 0 … end_bit − 1, stably; Op is the key type's
// AddOp (only its value type matters); kValues how the values are staged, if arrays has any. n ≥ 1 is the
// caller's to check.
template <int kItems, int kWindow, bool kSharedCounts, class Op, OnesweepValues kValues = kOnesweepValues,
          class Launcher>
void run_onesweep_sort(Launcher& launcher, const SortArrays<typename Op::value_type>& arrays, std::size_t n,
                       int end_bit, const OnesweepWords& words) {
    using T = typename Op::value_type;
    OnesweepIo<T> io;
    io.keys_in = arrays.in;
    io.n = n;
    io.tile = onesweep_tile(kItems);
    io.tiles = tiles_for(n, io.tile);
    io.passes = onesweep_passes(end_bit);
    io.counts = words.counts;
    io.status = words.status;
    io.tile_counter = words.tile_counter;
    const auto blocks = static_cast<std::uint32_t>(io.tiles);
    launcher.fill(words.counts, std::size_t(io.passes) * kOnesweepDigits, std::uint32_t(0));
    launcher.template launch<OnesweepHistogram<kItems, kSharedCounts>, Op>(
        DriverLaunch{"count every pass's digits", blocks, kOnesweepThreads, io.tile}, io);
    launcher.phase_done();
    launcher.template launch<OnesweepScanCounts, Op>(
        DriverLaunch{"where each pass's digits start", 1, kOnesweepThreads, kOnesweepThreads}, io);
    launcher.phase_done();
    const T* from = arrays.in;
    const std::uint32_t* values_from = arrays.values_in;
    for (int pass = 0; pass < io.passes; ++pass) {
        const bool last_writes_out = (io.passes - 1 - pass) % 2 == 0;
        io.keys_in = from;
        io.keys_out = last_writes_out ? arrays.out : arrays.scratch;
        if (values_from != nullptr) {
            io.values_in = values_from;
            io.values_out = last_writes_out ? arrays.values_out : arrays.values_scratch;
        }
        io.pass = pass;
        launcher.fill(words.status, io.tiles * kOnesweepDigits, pack_tile_status(TileStatus::invalid, 0));
        launcher.fill(words.tile_counter, 1, std::uint32_t(0));
        const DriverLaunch shape{"digit " + std::to_string(pass) + ": rank, look back, scatter", blocks,
                                 kOnesweepThreads, io.tile};
        if (values_from != nullptr)
            launcher.template launch<OnesweepPass<kItems, kWindow, kValues>, Op>(shape, io);
        else
            launcher.template launch<OnesweepPass<kItems, kWindow, OnesweepValues::none>, Op>(shape, io);
        launcher.phase_done();
        from = io.keys_out;
        values_from = io.values_out;
    }
}

} // namespace prefixlab
