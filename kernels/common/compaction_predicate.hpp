// The predicate of every compaction and split PrefixLab runs (kernels/block/compact_split.cuh, the
// multi-block compaction, the CPU reference and the libraries they are timed against): keep the odd
// elements. It reads the element's bits (an int32's or uint32's value; for a float, the lowest bit of
// its mantissa), so one predicate serves every element type, and a test or a benchmark sets the share
// of elements kept through its input alone (tests/support, the compaction benchmark).
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/value_bits.hpp"

#include <cstdint>

namespace prefixlab {

template <class T>
PL_HOST_DEVICE constexpr bool kept_element(T x) {
    return (to_bits(x) & 1u) != 0;
}

} // namespace prefixlab
