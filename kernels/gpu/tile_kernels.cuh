// Hillis–Steele in place in global memory, one tile of blockDim.x elements per block: the tile kernel
// of the global-memory driver (scan_drivers.cuh). The other drivers' launches are written once for the
// GPU and the emulator in kernels/grid/.
#pragma once

#include <cstddef>

namespace prefixlab {

// Hillis–Steele on one tile of blockDim.x elements, in place in global memory: each iteration reads
// the partner, waits, and writes back, with the block's barriers ordering global memory as they
// order shared memory. Every iteration goes to global memory (L1/L2) twice.
template <class Op>
__global__ void global_hillis_steele_tile_kernel(const typename Op::value_type* input, typename Op::value_type* output,
                                                 typename Op::value_type* tile_totals, std::size_t n) {
    using T = typename Op::value_type;
    const std::size_t base = blockIdx.x * std::size_t(blockDim.x);
    const int count = static_cast<int>(n - base < blockDim.x ? n - base : blockDim.x);
    const int i = static_cast<int>(threadIdx.x);
    T* tile = output + base;
    T mine = Op::identity();
    if (i < count)
        tile[i] = mine = input[base + i];
    for (int offset = 1; offset < count; offset *= 2) {
        __syncthreads(); // the previous iteration's writes are visible
        T partner = Op::identity();
        if (i >= offset && i < count)
            partner = tile[i - offset];
        __syncthreads(); // everyone has read before anyone writes
        if (i >= offset && i < count)
            tile[i] = mine = Op::combine(partner, tile[i]);
    }
    if (tile_totals != nullptr && i == count - 1)
        tile_totals[blockIdx.x] = mine; // the last element's final value, from the thread that wrote it
}

} // namespace prefixlab
