// The block scans a single-pass grid scan can scan its tiles with, and the dispatch from the run-time
// choice to the body's type. Two, not the whole catalogue: each is instantiated for every element type
// and operator on the GPU and in the emulator, and these two are the ones worth comparing (registers
// and shuffles against a shared-memory tree). Both read their tile through ScanIo with a carry.
#pragma once

#include "kernels/block/blelloch.cuh"
#include "kernels/block/warp_shuffle_scan.cuh"

#include <cstdint>
#include <utility>

namespace prefixlab {

enum class TileScanBody : std::uint8_t { warp_shuffle, blelloch };

// Calls f.template operator()<Body>() with the body's type.
template <class F>
decltype(auto) dispatch_tile_body(TileScanBody body, F&& f) {
    if (body == TileScanBody::blelloch)
        return std::forward<F>(f).template operator()<BlellochScan<true>>();
    return std::forward<F>(f).template operator()<WarpShuffleScan>();
}

} // namespace prefixlab
