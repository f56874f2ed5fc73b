// A segmented scan's elements and its operator (issue 37): each uint32 word is a (flag, value) pair, the flag in
// the top bit (a head: the element starts a segment) and the value in the 31 below it. The segmented operator
//
//   (f1, v1) ⊕ (f2, v2) = (f1 | f2,  f2 ? v2 : v1 ∘ v2)
//
// (∘ the scan's own operator: +, max or min on the 31-bit values) is associative, so any scan computes a
// segmented scan with it: each element's result is the ∘ of its segment's elements up to it. A result's flag says
// whether a head lies among the elements it covers. Packing the flag into the word keeps every element one word,
// so a block scan's shared memory, shuffles and traces take pairs as they take numbers
// (kernels/block/segmented_scan.cuh runs two of them with this operator). One definition for the GPU, the
// emulator and the CPU reference.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/scan_operators.hpp"

#include <cstdint>

namespace prefixlab {

inline constexpr std::uint32_t kSegmentHeadBit = 0x80000000u;
inline constexpr std::uint32_t kSegmentValueMask = 0x7fffffffu;

PL_HOST_DEVICE constexpr bool is_segment_head(std::uint32_t word) { return (word & kSegmentHeadBit) != 0; }
PL_HOST_DEVICE constexpr std::uint32_t segment_value(std::uint32_t word) { return word & kSegmentValueMask; }
PL_HOST_DEVICE constexpr std::uint32_t segment_pair(bool head, std::uint32_t value) {
    return (head ? kSegmentHeadBit : 0u) | (value & kSegmentValueMask);
}

// Op: the scan's operator over uint32 (AddOp, MaxOp, MinOp); the pairs' values wrap at 2^31 under +.
template <class Op>
struct SegmentedOp : OperatorOn<SegmentedOp<Op>, std::uint32_t, Op::kind> {
    static_assert(sizeof(typename Op::value_type) == 4, "a pair is one 32-bit word");
    // (no head, the operator's identity): min's identity 0xffffffff becomes the largest 31-bit value
    PL_HOST_DEVICE static constexpr std::uint32_t identity() { return segment_value(Op::identity()); }
    PL_HOST_DEVICE static constexpr std::uint32_t combine(std::uint32_t a, std::uint32_t b) {
        const std::uint32_t value =
            is_segment_head(b) ? segment_value(b) : segment_value(Op::combine(segment_value(a), segment_value(b)));
        return ((a | b) & kSegmentHeadBit) | value;
    }
};

} // namespace prefixlab
