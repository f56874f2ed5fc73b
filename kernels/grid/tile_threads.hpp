// How many threads a grid scan's tile scan may have: 4, 8 or 16 (one warp, partly present: a tile of a
// few elements, so that N = 64 shows as 8 tiles of 8), or whole warps, a multiple of 32. Every
// shuffle names the lanes present (kernels/warp/warp_lanes.hpp), so a partial warp scans and reduces
// like a full one. Below 32 only the powers of two that small grid views need (N = 64 in 8 tiles of 8
// threads, or of 4 with Blelloch's two elements a thread).
// The one rule for the emulator, the GPU scan, the GUI's Tile combo and the script's `grid-trace tile=`.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/warp/warp_lanes.hpp"

#include <string>
#include <vector>

namespace prefixlab {

// The most threads the GUI and the script offer for a traced grid (the emulator and the GPU take up
// to the body's limit): 256 threads, a tile of 256 or 512 elements, is already more than a view shows.
inline constexpr int kMaxTracedTileThreads = 256;

// `threads` is 4, 8, 16 or a multiple of 32, and at most `most`.
PL_HOST_DEVICE constexpr bool tile_threads_valid(int threads, int most) {
    const bool partial_warp = threads == 4 || threads == 8 || threads == 16;
    const bool whole_warps = threads >= kWarpLanes && threads % kWarpLanes == 0;
    return (partial_warp || whole_warps) && threads <= most;
}

// The rule in words, for error messages: "4, 8, 16 or a multiple of 32 up to 256".
inline std::string tile_threads_rule(int most) {
    return "4, 8, 16 or a multiple of 32 up to " + std::to_string(most);
}

// Every valid count up to `most`, smallest first (the GUI's choices).
inline std::vector<int> tile_thread_choices(int most) {
    std::vector<int> choices;
    for (int threads = 4; threads <= most; threads += threads < kWarpLanes ? threads : kWarpLanes)
        if (tile_threads_valid(threads, most))
            choices.push_back(threads);
    return choices;
}

} // namespace prefixlab
