// Every element type PrefixLab scans is 4 bytes wide; traces store values as their raw 32-bit
// pattern so that one record type serves int32, uint32 and float and float values survive exactly.
#pragma once

#include "kernels/common/host_device.hpp"

#include <cstdint>
#include <cstring>

namespace prefixlab {

template <class T>
PL_HOST_DEVICE inline std::uint32_t to_bits(T value) {
    static_assert(sizeof(T) == 4, "PrefixLab traces 4-byte elements only");
    std::uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

template <class T>
PL_HOST_DEVICE inline T from_bits(std::uint32_t bits) {
    static_assert(sizeof(T) == 4, "PrefixLab traces 4-byte elements only");
    T value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

} // namespace prefixlab
