// The predicate of every compaction and split PrefixLab runs (kernels/block/compact_split.cuh, the
// multi-block compaction, the CPU reference and the libraries they are timed against): which elements
// are kept. One definition, here, for the GPU, the emulator and the CPU reference; its names and
// phrases ("nonzero", "keep x ≠ 0") are app/core/ground/keep_names.hpp.
//
// - odd, even: the element's lowest bit (an int32's or uint32's value; for a float, the lowest bit of its
//   mantissa), so that a test or a benchmark sets the share kept through its input alone
//   (tests/support, the compaction benchmark). Odd is the default and the benchmarks' predicate;
// - nonzero: x ≠ 0 (a float's −0 is zero, its NaN is not);
// - less-than K, greater-than K: x < K, x > K, compared as doubles, which hold every int32, uint32 and
//   float exactly (a NaN is neither).
// It is a value read at run time, not a template: a rule the block reads from a uniform argument costs
// a compare a element, which a memory-bound compaction does not notice.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/value_bits.hpp"

#include <cstdint>

namespace prefixlab {

enum class KeepRule : std::uint8_t { odd, even, nonzero, less_than, greater_than };

struct KeepPredicate {
    KeepRule rule = KeepRule::odd;
    double bound = 0; // K of less_than and greater_than; 0 for the others
    friend bool operator==(const KeepPredicate&, const KeepPredicate&) = default;
};

// Whether the rule compares with a bound K (less-than:K, greater-than:K).
PL_HOST_DEVICE constexpr bool has_bound(KeepRule rule) {
    return rule == KeepRule::less_than || rule == KeepRule::greater_than;
}

// The rule as a template argument: a loop over many elements (the single-pass compaction's rows) takes
// the rule's switch once, not once an element (dispatch_keep_rule).
template <KeepRule kRule, class T>
PL_HOST_DEVICE constexpr bool kept_by(T x, double bound) {
    if constexpr (kRule == KeepRule::odd)
        return (to_bits(x) & 1u) != 0;
    else if constexpr (kRule == KeepRule::even)
        return (to_bits(x) & 1u) == 0;
    else if constexpr (kRule == KeepRule::nonzero)
        return x != T(0);
    else if constexpr (kRule == KeepRule::less_than)
        return static_cast<double>(x) < bound;
    else
        return static_cast<double>(x) > bound;
}

// Calls f.template operator()<kRule>() with `rule` as a template argument.
template <class F>
PL_HOST_DEVICE constexpr decltype(auto) dispatch_keep_rule(KeepRule rule, F&& f) {
    switch (rule) {
    case KeepRule::odd:
        return f.template operator()<KeepRule::odd>();
    case KeepRule::even:
        return f.template operator()<KeepRule::even>();
    case KeepRule::nonzero:
        return f.template operator()<KeepRule::nonzero>();
    case KeepRule::less_than:
        return f.template operator()<KeepRule::less_than>();
    case KeepRule::greater_than:
        break;
    }
    return f.template operator()<KeepRule::greater_than>();
}

template <class T>
PL_HOST_DEVICE constexpr bool kept_element(T x, const KeepPredicate& keep) {
    return dispatch_keep_rule(keep.rule, [&]<KeepRule kRule>() { return kept_by<kRule>(x, keep.bound); });
}

} // namespace prefixlab
