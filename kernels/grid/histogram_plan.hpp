// A histogram's launches (kernels/grid/histogram_tiles.cuh), written once for the GPU and the emulator over
// the grid scans' launchers: the grid's bins cleared, then one launch whose blocks loop over the tiles.
#pragma once

#include "kernels/common/grid_words.hpp"
#include "kernels/common/scan_operators.hpp"
#include "kernels/grid/grid_driver_plan.hpp"
#include "kernels/grid/histogram_tiles.cuh"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace prefixlab {

// Keys a thread: each block's tile is kHistogramThreads × kHistogramItems keys (the emulator's and the GPU's).
inline constexpr int kHistogramItems = 8;

constexpr int histogram_tile(int items) { return kHistogramThreads * items; }

// Throws std::invalid_argument unless 1 ≤ bins ≤ kMaxHistogramBins.
inline void require_histogram_bins(std::uint32_t bins) {
    if (bins < 1 || bins > kMaxHistogramBins)
        throw std::invalid_argument("a histogram has 1 to " + std::to_string(kMaxHistogramBins) + " bins, not " +
                                    std::to_string(bins));
}

// The launch that adds keys[0, n) to counts[0, bins) by `kMethod` (the counts must be 0, or what to add to).
template <int kItems, HistogramMethod kMethod, class Launcher>
void launch_histogram(Launcher& launcher, const std::uint32_t* keys, std::size_t n, std::uint32_t bins,
                      GridWords<std::uint32_t> counts) {
    HistogramIo io;
    io.keys = keys;
    io.n = n;
    io.tile = histogram_tile(kItems);
    io.tiles = tiles_for(n, io.tile);
    io.bins = bins;
    io.counts = counts;
    launcher.template launch<HistogramTiles<kItems, kMethod>, AddOp<std::uint32_t>>(
        DriverLaunch{"count the keys into their bins", static_cast<std::uint32_t>(io.tiles), kHistogramThreads, io.tile},
        io);
}

// Counts keys[0, n) into counts[0, bins) (the launcher clears them first) by `kMethod`. n ≥ 1 and the bins
// (require_histogram_bins) are the caller's to check.
template <int kItems, HistogramMethod kMethod, class Launcher>
void run_histogram(Launcher& launcher, const std::uint32_t* keys, std::size_t n, std::uint32_t bins,
                   GridWords<std::uint32_t> counts) {
    launcher.fill(counts, bins, std::uint32_t(0));
    launch_histogram<kItems, kMethod>(launcher, keys, n, bins, counts);
    launcher.phase_done();
}

} // namespace prefixlab
