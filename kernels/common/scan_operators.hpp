// The associative operators a scan combines with, each with its identity. Written out by hand (no
// std::max, no fmaxf) so that the GPU and the emulator compute bit-identical results: fmaxf's NaN
// rules and libm differences would otherwise make traces disagree.
#pragma once

#include "host_device.hpp"
#include "scan_types.hpp"

#include <cstdint>
#include <type_traits>

namespace prefixlab {

template <class T>
struct NumericBounds;

template <>
struct NumericBounds<std::int32_t> {
    PL_HOST_DEVICE static constexpr std::int32_t lowest() { return -2147483647 - 1; }
    PL_HOST_DEVICE static constexpr std::int32_t highest() { return 2147483647; }
};

template <>
struct NumericBounds<std::uint32_t> {
    PL_HOST_DEVICE static constexpr std::uint32_t lowest() { return 0u; }
    PL_HOST_DEVICE static constexpr std::uint32_t highest() { return 0xffffffffu; }
};

template <>
struct NumericBounds<float> {
    // Infinity is the true identity of max and min for floats; traces encode it as a string.
    PL_HOST_DEVICE static constexpr float lowest() { return -__builtin_huge_valf(); }
    PL_HOST_DEVICE static constexpr float highest() { return __builtin_huge_valf(); }
};

template <class T>
struct AddOp {
    using value_type = T;
    static constexpr ScanOperator kind = ScanOperator::add;
    PL_HOST_DEVICE static constexpr T identity() { return T(0); }
    PL_HOST_DEVICE static constexpr T apply(T a, T b) {
        // Signed overflow is undefined in C++ but wraps on the GPU: add as unsigned so the emulator
        // and the hardware agree bit for bit even when a sum overflows.
        if constexpr (std::is_same_v<T, std::int32_t>)
            return static_cast<T>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
        else
            return a + b;
    }
};

template <class T>
struct MaxOp {
    using value_type = T;
    static constexpr ScanOperator kind = ScanOperator::max;
    PL_HOST_DEVICE static constexpr T identity() { return NumericBounds<T>::lowest(); }
    PL_HOST_DEVICE static constexpr T apply(T a, T b) { return a < b ? b : a; }
};

template <class T>
struct MinOp {
    using value_type = T;
    static constexpr ScanOperator kind = ScanOperator::min;
    PL_HOST_DEVICE static constexpr T identity() { return NumericBounds<T>::highest(); }
    PL_HOST_DEVICE static constexpr T apply(T a, T b) { return b < a ? b : a; }
};

} // namespace prefixlab
