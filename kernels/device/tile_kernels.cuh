// The kernels the multi-block drivers launch, one tile of the array per block. A tile is what one
// block scans: the block body's threads times its elements per thread (1024 elements for Hillis–Steele
// and warp shuffle with 1024 threads, for Blelloch with 512).
//
//   tile_scan_kernel      the untraced block body on one tile; optionally stores the tile's total
//                         (scan-then-propagate) or combines the preceding tiles' total into every
//                         output (reduce-then-scan's second pass), both through ScanIo
//   tile_reduce_kernel    each tile's total: one warp per tile, 16-byte loads, warp shuffles
//   propagate_kernel      adds the preceding tiles' scanned total to every element of a tile
//   global_hillis_steele_tile_kernel
//                         Hillis–Steele in place in global memory, the form many course notes start from
//
// The reduce and propagate kernels only move data: they read (and write) 16 bytes per lane where a
// tile allows it, so that they run at the memory's speed and the drivers' differences come from the
// block scans.
#pragma once

#include "kernels/common/scan_io.hpp"
#include "kernels/cuda/cuda_context.cuh"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace prefixlab {

template <class Algo>
PL_HOST_DEVICE constexpr int tile_elements(int threads) {
    return threads * Algo::kElementsPerThread;
}

// A 4-byte element from a 32-bit word of a vector load, and back (no address taken: stays in registers).
template <class T>
__device__ T element_from_word(unsigned word) {
    if constexpr (std::is_same_v<T, float>)
        return __uint_as_float(word);
    else
        return static_cast<T>(word);
}
template <class T>
__device__ unsigned word_from_element(T value) {
    if constexpr (std::is_same_v<T, float>)
        return __float_as_uint(value);
    else
        return static_cast<unsigned>(value);
}

// Threads per block of the reduce and propagate kernels, and tiles per reduce block (a warp each).
inline constexpr int kStreamThreads = 256;
inline constexpr int kReduceTilesPerBlock = kStreamThreads / 32;

template <class Algo, class Op>
__global__ void tile_scan_kernel(const typename Op::value_type* input, typename Op::value_type* output,
                                 typename Op::value_type* tile_totals, const typename Op::value_type* carry,
                                 std::size_t n) {
    using T = typename Op::value_type;
    extern __shared__ __align__(16) unsigned char shared_memory[];
    const std::size_t tile = tile_elements<Algo>(static_cast<int>(blockDim.x));
    const std::size_t base = blockIdx.x * tile;
    const int count = static_cast<int>(n - base < tile ? n - base : tile);
    CudaContext<false> ctx(shared_memory, DeviceTraceSink{});
    ScanIo<T> io{input + base, output + base, count, false};
    if (carry != nullptr && blockIdx.x > 0) {
        io.has_carry = true;
        io.carry = carry[blockIdx.x - 1]; // the inclusive scan of the tile totals, up to the previous tile
    }
    if (tile_totals != nullptr)
        io.tile_total = tile_totals + blockIdx.x;
    Algo::template run<Op>(ctx, io);
}

// One warp per tile: tile totals for reduce-then-scan's first pass.
template <class Op>
__global__ void tile_reduce_kernel(const typename Op::value_type* input, typename Op::value_type* tile_totals,
                                   std::size_t n, std::size_t tile, std::size_t tiles) {
    using T = typename Op::value_type;
    static_assert(sizeof(T) == 4, "16-byte loads of four elements");
    const unsigned lane = threadIdx.x % 32;
    const std::size_t t = std::size_t(blockIdx.x) * kReduceTilesPerBlock + threadIdx.x / 32;
    if (t >= tiles)
        return; // a whole warp leaves: the shuffles below see full warps only
    const std::size_t base = t * tile;
    const std::size_t end = base + tile < n ? base + tile : n;
    T sum = Op::identity();
    // Full tiles of a multiple of 128 elements start on a 512-byte boundary: vector loads.
    if (end - base == tile && tile % 128 == 0) {
        const uint4* quads = reinterpret_cast<const uint4*>(input + base);
#pragma unroll 8
        for (std::size_t q = lane; q < tile / 4; q += 32) {
            const uint4 v = quads[q];
            sum = Op::combine(sum, Op::combine(Op::combine(element_from_word<T>(v.x), element_from_word<T>(v.y)),
                                               Op::combine(element_from_word<T>(v.z), element_from_word<T>(v.w))));
        }
    } else {
        for (std::size_t i = base + lane; i < end; i += 32)
            sum = Op::combine(sum, input[i]);
    }
    for (int delta = 16; delta > 0; delta /= 2)
        sum = Op::combine(sum, __shfl_down_sync(0xffffffffu, sum, delta));
    if (lane == 0)
        tile_totals[t] = sum;
}

// Adds scanned_totals[tile - 1] to every element of each tile but the first; kStreamThreads a block.
template <class Op>
__global__ void propagate_kernel(typename Op::value_type* data, const typename Op::value_type* scanned_totals,
                                 std::size_t n, std::size_t tile) {
    using T = typename Op::value_type;
    static_assert(sizeof(T) == 4, "16-byte accesses of four elements");
    if (blockIdx.x == 0)
        return; // the first tile has nothing before it
    const T offset = scanned_totals[blockIdx.x - 1];
    const std::size_t base = blockIdx.x * tile;
    const std::size_t end = base + tile < n ? base + tile : n;
    if (end - base == tile && tile % 4 == 0 && base % 4 == 0) {
        uint4* quads = reinterpret_cast<uint4*>(data + base);
        for (std::size_t q = threadIdx.x; q < tile / 4; q += blockDim.x) {
            const uint4 v = quads[q];
            quads[q] = make_uint4(word_from_element(Op::combine(offset, element_from_word<T>(v.x))),
                                  word_from_element(Op::combine(offset, element_from_word<T>(v.y))),
                                  word_from_element(Op::combine(offset, element_from_word<T>(v.z))),
                                  word_from_element(Op::combine(offset, element_from_word<T>(v.w))));
        }
        return;
    }
    for (std::size_t i = base + threadIdx.x; i < end; i += blockDim.x)
        data[i] = Op::combine(offset, data[i]);
}

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
