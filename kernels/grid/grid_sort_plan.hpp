// The textbook multi-block radix sort (issue 36; Satish, Harris & Garland 2009; PMPP ch. 13): a pass for
// each 4-bit digit, least significant first, each pass the compaction's count-scan-scatter
// (grid_compact_plan.hpp) with 16 counts a tile where a compaction has one. Written once for the GPU and the
// emulator over the grid scans' launchers:
//
//   launch 1 "count"    block b counts its tile's keys of each digit (CountDigitTiles): reads N
//   spine               the 16 × tiles counts, digit-major, scanned in place, inclusive, by reduce-then-scan
//                       around the warp-shuffle scan (the grid scans' own spine)
//   launch 3 "scatter"  block b places each key after the keys the scan puts before its digit and tile,
//                       and after its tile's keys of its digit before it (ScatterDigitTiles): reads N,
//                       writes N (and the values, where there are)
//
// Three launches and 3N memory traffic a pass, 8 passes for 32-bit keys: the form that Onesweep
// (one histogram pass up front, then one launch a pass with a look-back over digit counts) improves on.
// Passes go over the bits in which the keys differ (CUB's end_bit: radix_end_bit, computed by the host),
// at least one, so that an input of equal keys is still copied to the output.
#pragma once

#include "kernels/block/warp_shuffle_scan.cuh"
#include "kernels/common/grid_words.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/grid/driver_launch.hpp"
#include "kernels/grid/grid_driver_plan.hpp"
#include "kernels/grid/radix_sort_tiles.cuh"

#include <cstddef>
#include <cstdint>
#include <string>

namespace prefixlab {

// A sort's blocks: whole warps (a row's ballots name all 32 lanes), 32 to 1024 threads.
constexpr bool sort_threads_valid(int threads) { return threads >= 32 && threads <= 1024 && threads % 32 == 0; }

inline std::string sort_threads_rule() { return "a multiple of 32 from 32 to 1024"; }

constexpr int sort_tile(int threads) { return threads * kSortItems; }

// The spine's tile: the warp-shuffle scan's at the same block size.
constexpr int sort_spine_tile(int threads) { return threads * WarpShuffleScan::kElementsPerThread; }

// Passes of a sort over bits 0 … end_bit − 1: a 4-bit digit each, at least one.
constexpr int sort_passes(int end_bit) {
    const int passes = (end_bit + kSortDigitBits - 1) / kSortDigitBits;
    return passes < 1 ? 1 : passes;
}

// Words of `counts` a sort of n keys (n ≥ 1) needs: the tiles' digit counts and their scan's spine.
constexpr std::size_t grid_sort_counts(std::size_t n, int threads) {
    const std::size_t words = kSortDigits * tiles_for(n, sort_tile(threads));
    return words + spine_totals(words, sort_spine_tile(threads));
}

// The arrays of a sort: the keys and their sorted copy, a scratch array of n keys, and the same three
// for the values (all null: keys alone). Each pass reads the last one's output; the passes alternate
// between `out` and `scratch` so that the last one writes `out`. `in` is only read.
template <class T>
struct SortArrays {
    const T* in = nullptr;
    T* out = nullptr;
    T* scratch = nullptr;
    const std::uint32_t* values_in = nullptr;
    std::uint32_t* values_out = nullptr;
    std::uint32_t* values_scratch = nullptr;
};

// Sorts arrays.in[0, n) into arrays.out by the radix keys' bits 0 … end_bit − 1, stably, with
// `threads`-thread blocks; Op is the key type's AddOp (only its value type matters: a sort has no
// operator). sort_threads_valid(threads) and n ≥ 1 are the caller's to check.
template <class Op, class Launcher>
void run_grid_sort(Launcher& launcher, const SortArrays<typename Op::value_type>& arrays, std::size_t n, int end_bit,
                   int threads, GridWords<std::uint32_t> counts) {
    using T = typename Op::value_type;
    const int passes = sort_passes(end_bit);
    const T* from = arrays.in;
    const std::uint32_t* values_from = arrays.values_in;
    for (int pass = 0; pass < passes; ++pass) {
        const bool last_writes_out = (passes - 1 - pass) % 2 == 0;
        SortLaunchIo<T> io;
        io.keys_in = from;
        io.keys_out = last_writes_out ? arrays.out : arrays.scratch;
        if (values_from != nullptr) {
            io.values_in = values_from;
            io.values_out = last_writes_out ? arrays.values_out : arrays.values_scratch;
        }
        io.n = n;
        io.tile = sort_tile(threads);
        io.tiles = tiles_for(n, io.tile);
        io.shift = pass * kSortDigitBits;
        io.counts = counts;
        const auto blocks = static_cast<std::uint32_t>(io.tiles);
        const std::string digit = "digit " + std::to_string(pass);
        launcher.template launch<CountDigitTiles, Op>(
            DriverLaunch{digit + ": count each tile's keys of each digit", blocks, threads, io.tile}, io);
        launcher.phase_done();
        // counts[d · tiles + b] becomes the keys of a smaller digit, and of digit d up to the end of tile b
        DriverLaunchIo<std::uint32_t> spine;
        spine.input = counts.data;
        spine.output = counts.data;
        spine.n = kSortDigits * io.tiles;
        spine.tile = sort_spine_tile(threads);
        spine.tiles = tiles_for(spine.n, spine.tile);
        spine.array_base = 0;
        spine.totals = counts;
        spine.totals_base = static_cast<std::uint32_t>(spine.n);
        driver_plan::reduce_then_scan<WarpShuffleScan, AddOp<std::uint32_t>>(launcher, spine, threads, 1);
        launcher.template launch<ScatterDigitTiles, Op>(
            DriverLaunch{digit + ": scatter each tile's keys by digit", blocks, threads, io.tile}, io);
        launcher.phase_done();
        from = io.keys_out;
        values_from = io.values_out;
    }
}

} // namespace prefixlab
