// Bucketing N uint32 keys into B buckets (their bins, histogram_bin; 1 ≤ B ≤ 256), the two ways of the lecture's
// histogram example (issue 37), written once for the GPU and the emulator over the grid scans' launchers:
//
//   atomics  a histogram of the keys (kernels/grid/histogram_tiles.cuh), an exclusive scan of its counts (where
//            each bucket starts: OnesweepScanCounts), then each key takes the next slot of its bucket by an
//            atomicAdd (kernels/grid/bucket_by_atomics.cuh): every key in its bucket, the order within one as
//            the atomics came
//   scan     the same histogram and scan, then one pass of Onesweep with the bucket as the digit
//            (OnesweepPass<…, kBuckets>): each tile counts its keys of each bucket, learns by decoupled
//            look-back how many keys of the bucket the tiles before it hold, and writes its keys in order. The
//            keys' order is kept within each bucket (stable), every run the same: the radix sort's pass, one
//            digit
#pragma once

#include "kernels/common/grid_words.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/grid/bucket_by_atomics.cuh"
#include "kernels/grid/grid_driver_plan.hpp"
#include "kernels/grid/histogram_plan.hpp"
#include "kernels/grid/onesweep_sort_plan.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace prefixlab {

enum class BucketMethod : std::uint8_t { atomics, scan };

inline constexpr std::uint32_t kMaxBuckets = kOnesweepDigits; // one digit of Onesweep's pass

inline void require_buckets(std::uint32_t bins) {
    if (bins < 1 || bins > kMaxBuckets)
        throw std::invalid_argument("a bucketing has 1 to " + std::to_string(kMaxBuckets) + " buckets, not " +
                                    std::to_string(bins));
}

// The grid arrays a bucketing uses: 256 counts (the histogram's, then each bucket's start, then for the
// atomics each bucket's cursor), and for the scan Onesweep's status words and tile counter.
struct BucketWords {
    GridWords<std::uint32_t> counts;
    GridWords<std::uint64_t> status;       // scan: onesweep_status_words(n, kItems)
    GridWords<std::uint32_t> tile_counter; // scan: one word
};

// Buckets keys[0, n) into out[0, n) by `kMethod` with tiles of 256 × kItems keys. n ≥ 1 and the buckets
// (require_buckets) are the caller's to check.
template <BucketMethod kMethod, int kItems, class Launcher>
void run_bucketing(Launcher& launcher, const std::uint32_t* keys, std::uint32_t* out, std::size_t n,
                   std::uint32_t bins, const BucketWords& words) {
    // the histogram into the first `bins` of 256 counts, the rest 0; each bucket's start
    launcher.fill(words.counts, kOnesweepDigits, std::uint32_t(0));
    launch_histogram<kHistogramItems, HistogramMethod::shared_atomics>(launcher, keys, n, bins, words.counts);
    launcher.phase_done();
    OnesweepIo<std::uint32_t> io;
    io.keys_in = keys;
    io.keys_out = out;
    io.n = n;
    io.tile = onesweep_tile(kItems);
    io.tiles = tiles_for(n, io.tile);
    io.passes = 1;
    io.bins = bins;
    io.counts = words.counts;
    io.status = words.status;
    io.tile_counter = words.tile_counter;
    launcher.template launch<OnesweepScanCounts, AddOp<std::uint32_t>>(
        DriverLaunch{"where each bucket starts", 1, kOnesweepThreads, kOnesweepThreads}, io);
    launcher.phase_done();
    if constexpr (kMethod == BucketMethod::atomics) {
        BucketIo place{keys, out, n, kHistogramThreads * kItems, tiles_for(n, kHistogramThreads * kItems), bins,
                       words.counts};
        launcher.template launch<BucketByAtomics<kItems>, AddOp<std::uint32_t>>(
            DriverLaunch{"each key takes its bucket's next slot", static_cast<std::uint32_t>(place.tiles),
                         kHistogramThreads, place.tile},
            place);
    } else {
        launcher.fill(words.status, io.tiles * kOnesweepDigits, pack_tile_status(TileStatus::invalid, 0));
        launcher.fill(words.tile_counter, 1, std::uint32_t(0));
        launcher.template launch<OnesweepPass<kItems, kOnesweepWindow, OnesweepValues::none, true>, AddOp<std::uint32_t>>(
            DriverLaunch{"rank, look back, scatter by bucket", static_cast<std::uint32_t>(io.tiles), kOnesweepThreads,
                         io.tile},
            io);
    }
    launcher.phase_done();
}

} // namespace prefixlab
