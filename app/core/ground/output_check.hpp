// Is the kernel's output the scan? One function compares it with the serial reference: exactly for
// integers and for max/min (no rounding happens), within the classic bound for float sums, since a
// parallel scan adds in a different order than the serial loop and rounds differently:
//   |computed_i - exact_i| <= gamma_n * sum_{j<=i} |x_j|,  gamma_n = n u / (1 - n u),  u = 2^-24
// (Higham, Accuracy and Stability of Numerical Algorithms, ch. 4; n bounds the additions on any path).
#pragma once

#include "kernels/common/compaction_predicate.hpp"
#include "kernels/common/kernel_kind.hpp"
#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct OutputCheck {
    std::vector<std::uint32_t> reference; // serial scan in the element type (std::inclusive_scan)
    std::vector<double> exact;            // serial scan in double precision
    std::vector<double> error;            // |output - exact|
    std::vector<double> bound;            // the error allowed: 0 except for float sums
    std::vector<std::uint8_t> wrong;      // 1 where the output is not the scan
    std::size_t wrong_count = 0;
};

OutputCheck check_output(ElementType type, ScanOperator op, bool exclusive, const std::vector<std::uint32_t>& input,
                         const std::vector<std::uint32_t>& output);

// A block reduction's output (issue 15): output[0] the total of every element, every other word
// unwritten (kUnwrittenPattern), which a stray write breaks. A float sum is within gamma_h of the
// magnitude, h the most additions on any path from an element to the total: a tree's height (Higham,
// ch. 4), at most n - 1 whatever the order, which is what 0 (the default) stands for. A multi-block
// reduction names its plan's (grid_reduce_longest_path): past 2^24 elements gamma_(n-1) does not exist.
OutputCheck check_reduction_output(ElementType type, ScanOperator op, const std::vector<std::uint32_t>& input,
                                   const std::vector<std::uint32_t>& output, std::size_t longest_path = 0);

// A compaction's or a split's output (issue 15): the elements `keep` keeps (kept_element,
// kernels/common/compaction_predicate.hpp, on the element as `type` reads it) in their order at the front,
// as std::copy_if puts them; then, for a split, the others in their order (std::stable_partition), else
// every word unwritten (kUnwrittenPattern). Bit for bit: nothing is computed.
std::vector<std::uint32_t> reference_compaction(ElementType type, bool split, const KeepPredicate& keep,
                                                const std::vector<std::uint32_t>& input);
OutputCheck check_compaction_output(ElementType type, bool split, const KeepPredicate& keep,
                                    const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& output);

// A sort's output (kernels/common/radix_key.hpp): the input in ascending order of its keys' radix_key
// (for floats IEEE 754's totalOrder: -0.0 before +0.0, NaNs by sign and payload), equal keys in their
// input order, as std::stable_sort puts them; bit for bit.
std::vector<std::uint32_t> reference_sort(ElementType type, const std::vector<std::uint32_t>& input);
OutputCheck check_sort_output(ElementType type, const std::vector<std::uint32_t>& input,
                              const std::vector<std::uint32_t>& output);

// A bucketing's output (kernels/block/bucket_by_atomics.cuh): the input's keys in the order of their buckets
// (block_bucket, the key's lowest two bits), each bucket's keys in the input's order where `stable` (bucket-by-scan),
// as std::stable_sort by bucket puts them; in any order within a bucket otherwise (bucket-by-atomics), where an
// output word is wrong if its bucket is below the one before it, or if the bucket's keys are not the input's.
std::vector<std::uint32_t> reference_bucketing(ElementType type, const std::vector<std::uint32_t>& input);
OutputCheck check_bucketing_output(ElementType type, bool stable, const std::vector<std::uint32_t>& input,
                                   const std::vector<std::uint32_t>& output);

// A block histogram's output (kernels/common/block_histogram.hpp): out[b] is the count of keys in bin b
// (block_bucket, as `type` reads the keys), in the element type, for b < min(n, 4); the other words unwritten.
std::vector<std::uint32_t> reference_histogram(ElementType type, const std::vector<std::uint32_t>& input);
OutputCheck check_histogram_output(ElementType type, const std::vector<std::uint32_t>& input,
                                   const std::vector<std::uint32_t>& output);

// A segmented scan's output (kernels/common/segmented_pairs.hpp; uint32 words, the head flag in the top bit): each
// element's value the sum (max, min; + wraps at 2^31) of its segment's values up to it, its flag set where a head
// lies at or before it; inclusive, bit for bit. `exact` holds the values without their flags.
std::vector<std::uint32_t> reference_segmented_scan(ScanOperator op, const std::vector<std::uint32_t>& input);
OutputCheck check_segmented_scan_output(ScanOperator op, const std::vector<std::uint32_t>& input,
                                        const std::vector<std::uint32_t>& output);

// The check of a kernel of `kind`: a block reduction's, a compaction's or a split's (keeping what `keep`
// keeps), a sort's, a bucketing's, a histogram's, a segmented scan's, else the scan's (direction `exclusive`).
OutputCheck check_kernel_output(KernelKind kind, ElementType type, ScanOperator op, bool exclusive,
                                const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& output,
                                const KeepPredicate& keep);

// gamma_n for float (unit roundoff 2^-24). It exists for n < 2^24 only (n u < 1): see
// float_sum_bound_exists.
double float_sum_error_factor(std::size_t n);
bool float_sum_bound_exists(std::size_t n);

// A float sum's output within the bound: |value - exact| <= factor * magnitude, where magnitude is the
// sum of |x_j| over the elements the output combines (NaN is never within).
bool float_sum_within_bound(double value, double exact, double factor, double magnitude);

} // namespace prefixlab
