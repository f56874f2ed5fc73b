// A radix sort's keys as unsigned words whose order is the keys' order: the digits a sort splits on
// (kernels/block/radix_sort_bits.cuh). One transform a type, the same on the GPU, in the emulator and in
// the output check:
//   uint32  the bits themselves;
//   int32   the sign bit flipped, so that negatives come first (INT_MIN is 0);
//   float   positives with the sign bit flipped, negatives with every bit flipped: IEEE 754's totalOrder,
//           -NaN < -inf < … < -0.0 < +0.0 < … < +inf < +NaN. -0.0 and +0.0 are two keys, -0.0 first;
//           NaNs sort by their sign and payload (docs/sorting.md).
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/value_bits.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace prefixlab {

PL_HOST_DEVICE constexpr std::uint32_t radix_key_of_bits(std::uint32_t bits, bool is_signed, bool is_float) {
    if (is_float)
        return (bits & 0x80000000u) != 0 ? ~bits : bits ^ 0x80000000u;
    return is_signed ? bits ^ 0x80000000u : bits;
}

template <class T>
PL_HOST_DEVICE inline std::uint32_t radix_key(T value) {
    return radix_key_of_bits(to_bits(value), std::is_signed_v<T>, std::is_floating_point_v<T>);
}

// The radix key of an element's bits read as `type`: the one choice of transform for the host's code
// that holds a type as a value (the output check, the Values table, the passes' bound).
inline std::uint32_t radix_key_of(ElementType type, std::uint32_t bits) {
    return radix_key_of_bits(bits, type != ElementType::uint32, type == ElementType::float32);
}

// The bits a sort of these elements (their bits, read as `type`) must pass over: 0 up to the highest bit
// in which two keys differ (bits the same in every key leave the order as it is). CUB's radix sorts take
// it as end_bit; a sort of the numbers 0..15 makes 4 passes, of equal keys none. The host computes it,
// the same for the GPU and the emulator, and hands it to the kernel (ScanIo::radix_end_bit).
inline int radix_end_bit(ElementType type, const std::uint32_t* bits, std::size_t n) {
    std::uint32_t differ = 0;
    for (std::size_t i = 1; i < n; ++i)
        differ |= radix_key_of(type, bits[i]) ^ radix_key_of(type, bits[0]);
    return static_cast<int>(std::bit_width(differ));
}

} // namespace prefixlab
