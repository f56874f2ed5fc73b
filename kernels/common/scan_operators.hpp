// The associative operators a scan combines with, each with its identity. `combine` is the arithmetic,
// written out by hand (no std::max, no fmaxf) so that the GPU and the emulator compute bit-identical
// results. `apply` is what kernel bodies call: on plain values it is `combine`; when an operand is a
// traced value or an instrumented element, it reads the element and returns a Traced value whose
// sources are both operands' (traced_value.hpp), so the dataflow follows the arithmetic.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/traced_value.hpp"

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

// An operand as a Traced<T>: plain values have no source, instrumented elements are read here.
template <class T, class Operand>
PL_HOST_DEVICE Traced<T> as_traced(const Operand& operand) {
    if constexpr (std::is_same_v<Operand, T> || IsTraced<Operand>::value)
        return Traced<T>(operand);
    else
        return operand.read(); // an instrumented element (InstrumentedArray::Element)
}

template <class Op, class A, class B>
PL_HOST_DEVICE auto apply_operator(const A& a, const B& b) {
    using T = typename Op::value_type;
    if constexpr (std::is_same_v<A, T> && std::is_same_v<B, T>) {
        return Op::combine(a, b);
    } else {
        const Traced<T> x = as_traced<T>(a); // left operand first: the order the source reads it
        const Traced<T> y = as_traced<T>(b);
        Traced<T> result(Op::combine(x.value, y.value));
        merge_sources(x, y, result.sources);
        return result;
    }
}

// What every operator declares besides its identity and its arithmetic: its element type, its kind, and
// apply() through apply_operator. Op is the operator deriving from it.
template <class Op, class T, ScanOperator kKind>
struct OperatorOn {
    using value_type = T;
    static constexpr ScanOperator kind = kKind;
    template <class A, class B>
    PL_HOST_DEVICE static auto apply(const A& a, const B& b) {
        return apply_operator<Op>(a, b);
    }
};

template <class T>
struct AddOp : OperatorOn<AddOp<T>, T, ScanOperator::add> {
    PL_HOST_DEVICE static constexpr T identity() { return T(0); }
    PL_HOST_DEVICE static constexpr T combine(T a, T b) {
        // Signed overflow is undefined in C++ but wraps on the GPU: add as unsigned so the emulator
        // and the hardware agree bit for bit even when a sum overflows.
        if constexpr (std::is_same_v<T, std::int32_t>)
            return static_cast<T>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
        else
            return a + b;
    }
};

template <class T>
struct MaxOp : OperatorOn<MaxOp<T>, T, ScanOperator::max> {
    PL_HOST_DEVICE static constexpr T identity() { return NumericBounds<T>::lowest(); }
    PL_HOST_DEVICE static constexpr T combine(T a, T b) { return a < b ? b : a; }
};

template <class T>
struct MinOp : OperatorOn<MinOp<T>, T, ScanOperator::min> {
    PL_HOST_DEVICE static constexpr T identity() { return NumericBounds<T>::highest(); }
    PL_HOST_DEVICE static constexpr T combine(T a, T b) { return b < a ? b : a; }
};

} // namespace prefixlab
