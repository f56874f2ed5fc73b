// 16-byte loads and stores of four 4-byte elements, for the untraced GPU instantiation of the drivers'
// streaming launches (reduce, propagate): with one 4-byte access per thread a warp moves 128 bytes
// per instruction, with uint4 512, and the reduce and propagate passes then run at the memory's speed
// (measured on the H100 when these were tile_kernels.cuh's own kernels: the propagate pass at copy
// speed). Device code only: the emulator and traced instantiations take the element-by-element path,
// which records each access; the bodies choose with `if constexpr (!Ctx::traced)` under __CUDACC__.
#pragma once

#if defined(__CUDACC__)

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace prefixlab {

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

// The four elements of a vector combined in array order.
template <class Op>
__device__ typename Op::value_type combine_quad(uint4 v) {
    using T = typename Op::value_type;
    return Op::combine(Op::combine(element_from_word<T>(v.x), element_from_word<T>(v.y)),
                       Op::combine(element_from_word<T>(v.z), element_from_word<T>(v.w)));
}

// A vector read or written once: evict-first in L1 and L2 (ld.global.cs, st.global.cs), so that a
// scan's stream of 2N accesses does not push out the status words and the counter that blocks poll.
// Measured on the H100 (register tile 128 × 24, uint32 +, 2^28, one run): plain 0.989 ms, both
// streaming 0.958 ms (CUB 0.875), one of them alone 0.985.
__device__ inline uint4 load_streaming(const uint4* at) {
    return __ldcs(at);
}
__device__ inline void store_streaming(uint4* at, uint4 value) {
    __stcs(at, value);
}

// Whether `count` elements from `data` can be read as whole vectors: 16-byte aligned, a multiple of 4.
template <class T>
__device__ bool quad_aligned(const T* data, std::size_t count) {
    static_assert(sizeof(T) == 4, "16-byte accesses of four elements");
    return count % 4 == 0 && reinterpret_cast<std::uintptr_t>(data) % 16 == 0;
}

// Thread `first` of `stride` threads combines its share of `count` elements, a vector at a time,
// unrolled kUnroll times: 8 where the stride is a constant (a warp per tile), 1 where it is the block's
// size, whose unrolled trip count would take a division (tests/ptx: untraced kernels do not divide).
template <class Op, int kUnroll = 8>
__device__ typename Op::value_type reduce_quads(const typename Op::value_type* data, std::size_t count,
                                                std::size_t first, std::size_t stride) {
    using T = typename Op::value_type;
    const uint4* quads = reinterpret_cast<const uint4*>(data);
    T share = Op::identity();
#pragma unroll kUnroll
    for (std::size_t q = first; q < count / 4; q += stride)
        share = Op::combine(share, combine_quad<Op>(quads[q]));
    return share;
}

// data[k] = prefix ⊕ data[k] for a thread's share of `count` elements, a vector at a time.
template <class Op>
__device__ void combine_prefix_quads(typename Op::value_type* data, std::size_t count,
                                     typename Op::value_type prefix, std::size_t first, std::size_t stride) {
    using T = typename Op::value_type;
    uint4* quads = reinterpret_cast<uint4*>(data);
#pragma unroll 1
    for (std::size_t q = first; q < count / 4; q += stride) {
        const uint4 v = quads[q];
        quads[q] = make_uint4(word_from_element(Op::combine(prefix, element_from_word<T>(v.x))),
                              word_from_element(Op::combine(prefix, element_from_word<T>(v.y))),
                              word_from_element(Op::combine(prefix, element_from_word<T>(v.z))),
                              word_from_element(Op::combine(prefix, element_from_word<T>(v.w))));
    }
}

} // namespace prefixlab

#endif
