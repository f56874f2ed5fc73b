// The bodies a grid scan can scan its tiles with, and the dispatch from the run-time choice to the
// body's type. Three, not the whole catalogue: each is instantiated for every element type and operator
// on the GPU and in the emulator, and these are the ones worth comparing: registers and shuffles (one
// element per thread), a shared-memory tree, and the tuned scan's register tile (register_tile.cuh;
// traced with 4 elements per thread, which with the single-pass drivers reads its tile once). All read
// their tile through ScanIo with a carry.
#pragma once

#include "kernels/block/blelloch.cuh"
#include "kernels/block/warp_shuffle_scan.cuh"
#include "kernels/grid/register_tile.cuh"

#include <cstdint>
#include <utility>

namespace prefixlab {

enum class TileScanBody : std::uint8_t { warp_shuffle, blelloch, registers };

// Calls f.template operator()<Body>() with the body's type.
template <class F>
decltype(auto) dispatch_tile_body(TileScanBody body, F&& f) {
    if (body == TileScanBody::blelloch)
        return std::forward<F>(f).template operator()<BlellochScan<true>>();
    if (body == TileScanBody::registers)
        return std::forward<F>(f).template operator()<RegisterTile<kTracedRegisterItems>>();
    return std::forward<F>(f).template operator()<WarpShuffleScan>();
}

// The elements a tile thread scans with `body`: a tile holds tile_threads × this many.
inline int tile_elements_per_thread(TileScanBody body) {
    return dispatch_tile_body(body, []<class Body>() { return Body::kElementsPerThread; });
}

} // namespace prefixlab
