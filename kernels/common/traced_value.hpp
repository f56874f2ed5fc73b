// Provenance for the dataflow diagram. In a traced kernel every element-valued local is a Traced<T>:
// the value plus up to two references to where it came from, which every shared or global write
// records. A reference names either one of the thread's own reads (its step and its order `seq` in
// that step) or the thread's watched register as snapshotted at the end of a step. References are
// immediate, not transitive: `s[b] = op(t, s[b])` records the read that produced t and the read of
// s[b]; the diagram follows the chain from there. In untraced kernels the same locals are plain T.
#pragma once

#include "kernels/common/host_device.hpp"

#include <cstdint>

namespace prefixlab {

inline constexpr std::uint32_t kNoSource = 0;
inline constexpr std::uint32_t kRegisterSeq = 0xffu;        // seq of a register reference
inline constexpr std::uint32_t kTooManySources = 0xffffffffu; // a value combined more than two sources
inline constexpr std::uint32_t kMaxAccessSeq = 0xfeu;        // seq values 0..254 name reads

PL_HOST_DEVICE constexpr std::uint32_t read_source(std::uint32_t step, std::uint32_t seq) {
    return 0x80000000u | (step & 0xffffu) << 8 | (seq & 0xffu);
}
PL_HOST_DEVICE constexpr std::uint32_t register_source(std::uint32_t step) {
    return 0x80000000u | (step & 0xffffu) << 8 | kRegisterSeq;
}
PL_HOST_DEVICE constexpr bool is_source(std::uint32_t ref) { return ref != kNoSource && ref != kTooManySources; }
PL_HOST_DEVICE constexpr std::uint32_t source_step(std::uint32_t ref) { return ref >> 8 & 0xffffu; }
PL_HOST_DEVICE constexpr std::uint32_t source_seq(std::uint32_t ref) { return ref & 0xffu; }
PL_HOST_DEVICE constexpr bool is_register_source(std::uint32_t ref) {
    return is_source(ref) && source_seq(ref) == kRegisterSeq;
}

template <class T>
struct Traced {
    T value{};
    std::uint32_t sources[2] = {kNoSource, kNoSource};

    constexpr Traced() = default;
    PL_HOST_DEVICE constexpr Traced(T v) : value(v) {} // a constant or a global-memory value: no source
    PL_HOST_DEVICE constexpr Traced(T v, std::uint32_t source) : value(v) { sources[0] = source; }
};

template <class T>
struct IsTraced {
    static constexpr bool value = false;
};
template <class T>
struct IsTraced<Traced<T>> {
    static constexpr bool value = true;
};

// A local's value without its provenance: what a kernel uses to index or to decide with (a tile index
// taken from shared memory) or what it keeps in plain registers (a tile's reduction).
template <class T>
PL_HOST_DEVICE constexpr T plain_value(const Traced<T>& v) {
    return v.value;
}
template <class T>
PL_HOST_DEVICE constexpr T plain_value(T v) {
    return v;
}

// A value computed from `from` alone, not by the operator (a predicate's flag): `value`, with from's
// provenance, so the dataflow shows which element a flag is about.
template <class T>
PL_HOST_DEVICE constexpr Traced<T> derived_value(const Traced<T>& from, T value) {
    Traced<T> v = from;
    v.value = value;
    return v;
}
template <class T>
PL_HOST_DEVICE constexpr T derived_value(T, T value) {
    return value;
}

// `from` in another type (a histogram's count, kept in a 32-bit word, written as the element type): its value
// converted, its provenance kept.
template <class T, class U>
PL_HOST_DEVICE constexpr Traced<T> converted_value(const Traced<U>& from) {
    Traced<T> v(static_cast<T>(from.value));
    v.sources[0] = from.sources[0];
    v.sources[1] = from.sources[1];
    return v;
}
template <class T, class U>
PL_HOST_DEVICE constexpr T converted_value(U from) {
    return static_cast<T>(from);
}

// The union of two values' sources, duplicates removed; kTooManySources past two.
template <class T>
PL_HOST_DEVICE constexpr void merge_sources(const Traced<T>& a, const Traced<T>& b, std::uint32_t (&out)[2]) {
    out[0] = out[1] = kNoSource;
    int count = 0;
    const std::uint32_t all[4] = {a.sources[0], a.sources[1], b.sources[0], b.sources[1]};
    for (std::uint32_t ref : all) {
        if (ref == kNoSource || (count > 0 && out[0] == ref) || (count > 1 && out[1] == ref))
            continue;
        if (ref == kTooManySources || count == 2) {
            out[1] = kTooManySources;
            return;
        }
        out[count++] = ref;
    }
}

} // namespace prefixlab
