#include "core/ground/output_check.hpp"

#include "core/ground/reference_scan.hpp"
#include "core/ground/keep_names.hpp"
#include "kernels/common/block_histogram.hpp"
#include "kernels/common/radix_key.hpp"
#include "kernels/common/segmented_pairs.hpp"
#include "kernels/common/trace_records.hpp" // kUnwrittenPattern
#include "kernels/common/value_bits.hpp"

#include <algorithm>
#include <functional>
#include <iterator>
#include <utility>

#include <cmath>

namespace prefixlab {

double float_sum_error_factor(std::size_t n) {
    const double u = std::ldexp(1.0, -24);
    const double nu = static_cast<double>(n) * u;
    return nu / (1.0 - nu);
}

bool float_sum_bound_exists(std::size_t n) { return static_cast<double>(n) * std::ldexp(1.0, -24) < 1.0; }

bool float_sum_within_bound(double value, double exact, double factor, double magnitude) {
    const double error = value == exact ? 0.0 : std::fabs(value - exact); // also for ±inf identities
    return error <= factor * magnitude;                                     // NaN is wrong
}

OutputCheck check_output(ElementType type, ScanOperator op, bool exclusive, const std::vector<std::uint32_t>& input,
                         const std::vector<std::uint32_t>& output) {
    OutputCheck check;
    check.reference = reference_scan(type, op, exclusive, input);
    check.exact = reference_scan_double(type, op, exclusive, input);
    const std::size_t n = output.size();
    check.error.assign(n, 0.0);
    check.bound.assign(n, 0.0);
    check.wrong.assign(n, 0);
    const bool rounds = type == ElementType::float32 && op == ScanOperator::add;
    const double factor = float_sum_error_factor(n);
    double magnitude = 0; // sum of |x_j| over the elements this output combines
    for (std::size_t i = 0; i < n && i < check.exact.size(); ++i) {
        if (!exclusive)
            magnitude += std::fabs(element_as_double(type, input[i]));
        const double value = element_as_double(type, output[i]);
        const double exact = check.exact[i];
        check.error[i] = value == exact ? 0.0 : std::fabs(value - exact); // also for ±inf identities
        if (rounds) {
            check.bound[i] = factor * magnitude;
            check.wrong[i] = !float_sum_within_bound(value, exact, factor, magnitude);
        } else {
            check.wrong[i] = output[i] != check.reference[i];
        }
        check.wrong_count += check.wrong[i];
        if (exclusive)
            magnitude += std::fabs(element_as_double(type, input[i]));
    }
    return check;
}

OutputCheck check_reduction_output(ElementType type, ScanOperator op, const std::vector<std::uint32_t>& input,
                                   const std::vector<std::uint32_t>& output, std::size_t longest_path) {
    OutputCheck check;
    const std::size_t n = output.size();
    check.reference.assign(n, kUnwrittenPattern);
    check.exact.assign(n, 0.0);
    check.error.assign(n, 0.0);
    check.bound.assign(n, 0.0);
    check.wrong.assign(n, 0);
    for (std::size_t i = 1; i < n; ++i) {
        check.wrong[i] = output[i] != kUnwrittenPattern;
        check.wrong_count += check.wrong[i];
    }
    if (n == 0 || input.empty())
        return check;
    // the total: the inclusive scan's last element, in the element type and in double precision
    check.reference[0] = reference_scan(type, op, false, input).back();
    check.exact[0] = reference_scan_double(type, op, false, input).back();
    const double value = element_as_double(type, output[0]);
    check.error[0] = value == check.exact[0] ? 0.0 : std::fabs(value - check.exact[0]);
    if (type == ElementType::float32 && op == ScanOperator::add) {
        double magnitude = 0;
        for (std::uint32_t x : input)
            magnitude += std::fabs(element_as_double(type, x));
        const double factor = float_sum_error_factor(longest_path > 0 ? longest_path : input.size());
        check.bound[0] = factor * magnitude;
        check.wrong[0] = !float_sum_within_bound(value, check.exact[0], factor, magnitude);
    } else {
        check.wrong[0] = output[0] != check.reference[0];
    }
    check.wrong_count += check.wrong[0];
    return check;
}

std::vector<std::uint32_t> reference_compaction(ElementType type, bool split, const KeepPredicate& keep,
                                                const std::vector<std::uint32_t>& input) {
    // the kernels' own predicate, on the element as its type reads it
    const auto kept = [&](std::uint32_t bits) { return kept_bits(type, keep, bits); };
    std::vector<std::uint32_t> reference;
    reference.reserve(input.size());
    std::copy_if(input.begin(), input.end(), std::back_inserter(reference), kept);
    if (split)
        std::copy_if(input.begin(), input.end(), std::back_inserter(reference), std::not_fn(kept));
    reference.resize(input.size(), kUnwrittenPattern);
    return reference;
}

namespace {

// The output against a reference that moves elements and computes none: bit for bit, no error allowed.
OutputCheck bit_for_bit(ElementType type, std::vector<std::uint32_t> reference, const std::vector<std::uint32_t>& output) {
    OutputCheck check;
    check.reference = std::move(reference);
    const std::size_t n = check.reference.size();
    check.exact.assign(n, 0.0);
    check.error.assign(n, 0.0);
    check.bound.assign(n, 0.0);
    check.wrong.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        check.exact[i] = check.reference[i] == kUnwrittenPattern ? 0.0 : element_as_double(type, check.reference[i]);
        check.wrong[i] = i >= output.size() || output[i] != check.reference[i];
        check.wrong_count += check.wrong[i];
    }
    return check;
}

// A key's bucket (block_bucket) from its bits as `type` reads them.
std::uint32_t bucket_of(ElementType type, std::uint32_t bits) {
    return radix_key_of(type, bits) & std::uint32_t(kBlockBuckets - 1);
}

} // namespace

OutputCheck check_compaction_output(ElementType type, bool split, const KeepPredicate& keep,
                                    const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& output) {
    return bit_for_bit(type, reference_compaction(type, split, keep, input), output);
}

std::vector<std::uint32_t> reference_sort(ElementType type, const std::vector<std::uint32_t>& input) {
    std::vector<std::uint32_t> sorted = input;
    std::stable_sort(sorted.begin(), sorted.end(), [&](std::uint32_t a, std::uint32_t b) {
        return radix_key_of(type, a) < radix_key_of(type, b);
    });
    return sorted;
}

OutputCheck check_sort_output(ElementType type, const std::vector<std::uint32_t>& input,
                              const std::vector<std::uint32_t>& output) {
    return bit_for_bit(type, reference_sort(type, input), output);
}

std::vector<std::uint32_t> reference_bucketing(ElementType type, const std::vector<std::uint32_t>& input) {
    std::vector<std::uint32_t> out = input;
    std::stable_sort(out.begin(), out.end(), [&](std::uint32_t a, std::uint32_t b) {
        return bucket_of(type, a) < bucket_of(type, b);
    });
    return out;
}

OutputCheck check_bucketing_output(ElementType type, bool stable, const std::vector<std::uint32_t>& input,
                                   const std::vector<std::uint32_t>& output) {
    OutputCheck check = bit_for_bit(type, reference_bucketing(type, input), output);
    if (stable)
        return check;
    // Any order within a bucket: the reference's run of each bucket must hold the same keys in the output, in any
    // order. A run whose keys differ marks its words of another bucket, or not among the bucket's keys.
    const std::vector<std::uint32_t>& reference = check.reference;
    const std::size_t n = reference.size();
    check.wrong.assign(n, 0);
    check.wrong_count = 0;
    {
        const auto bucket = [type](std::uint32_t bits) { return bucket_of(type, bits); };
        for (std::size_t start = 0, end = 0; start < n; start = end) {
            while (end < n && bucket(reference[end]) == bucket(reference[start]))
                ++end;
            std::vector<std::uint32_t> want(reference.begin() + std::ptrdiff_t(start), reference.begin() + std::ptrdiff_t(end));
            std::vector<std::uint32_t> got;
            for (std::size_t j = start; j < end && j < output.size(); ++j)
                got.push_back(output[j]);
            std::sort(want.begin(), want.end());
            std::sort(got.begin(), got.end());
            if (got == want)
                continue;
            for (std::size_t j = start; j < end; ++j)
                check.wrong[j] = j >= output.size() || bucket(output[j]) != bucket(reference[start]) ||
                                 !std::binary_search(want.begin(), want.end(), output[j]);
            // the same words but a key's count differs (one twice, another not): the run is wrong as a whole
            if (std::none_of(check.wrong.begin() + std::ptrdiff_t(start), check.wrong.begin() + std::ptrdiff_t(end),
                             [](std::uint8_t w) { return w != 0; }))
                std::fill(check.wrong.begin() + std::ptrdiff_t(start), check.wrong.begin() + std::ptrdiff_t(end), 1);
        }
    }
    for (std::uint8_t w : check.wrong)
        check.wrong_count += w;
    return check;
}

std::vector<std::uint32_t> reference_histogram(ElementType type, const std::vector<std::uint32_t>& input) {
    std::vector<std::uint32_t> counts(kBlockBins, 0);
    const std::size_t bins = std::min<std::size_t>(input.size(), kBlockBins);
    for (std::uint32_t key : input)
        if (bucket_of(type, key) < bins)
            ++counts[bucket_of(type, key)];
    std::vector<std::uint32_t> reference(input.size(), kUnwrittenPattern);
    for (std::size_t b = 0; b < bins; ++b)
        reference[b] = type == ElementType::float32 ? to_bits(float(counts[b])) : counts[b];
    return reference;
}

OutputCheck check_histogram_output(ElementType type, const std::vector<std::uint32_t>& input,
                                   const std::vector<std::uint32_t>& output) {
    return bit_for_bit(type, reference_histogram(type, input), output);
}

// Written apart from SegmentedOp (kernels/common/segmented_pairs.hpp), so that the kernels' operator is checked, not
// repeated: a serial loop that starts again at each head.
std::vector<std::uint32_t> reference_segmented_scan(ScanOperator op, const std::vector<std::uint32_t>& input) {
    std::vector<std::uint32_t> reference(input.size());
    std::uint32_t run = 0;
    bool seen_head = false;
    for (std::size_t i = 0; i < input.size(); ++i) {
        const bool head = (input[i] & 0x80000000u) != 0;
        const std::uint32_t value = input[i] & 0x7fffffffu;
        if (i == 0 || head)
            run = value;
        else if (op == ScanOperator::add)
            run = (run + value) & 0x7fffffffu;
        else if (op == ScanOperator::max)
            run = std::max(run, value);
        else
            run = std::min(run, value);
        seen_head = seen_head || head;
        reference[i] = (seen_head ? 0x80000000u : 0u) | run;
    }
    return reference;
}

OutputCheck check_segmented_scan_output(ScanOperator op, const std::vector<std::uint32_t>& input,
                                        const std::vector<std::uint32_t>& output) {
    OutputCheck check = bit_for_bit(ElementType::uint32, reference_segmented_scan(op, input), output);
    for (std::size_t i = 0; i < check.reference.size(); ++i)
        check.exact[i] = static_cast<double>(segment_value(check.reference[i]));
    return check;
}

OutputCheck check_kernel_output(KernelKind kind, ElementType type, ScanOperator op, bool exclusive,
                                const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& output,
                                const KeepPredicate& keep) {
    if (kind == KernelKind::block_reduce)
        return check_reduction_output(type, op, input, output);
    if (kind == KernelKind::compaction || kind == KernelKind::split)
        return check_compaction_output(type, kind == KernelKind::split, keep, input, output);
    if (kind == KernelKind::sort)
        return check_sort_output(type, input, output);
    if (kind == KernelKind::bucketing || kind == KernelKind::bucketing_unordered)
        return check_bucketing_output(type, kind == KernelKind::bucketing, input, output);
    if (kind == KernelKind::histogram)
        return check_histogram_output(type, input, output);
    if (kind == KernelKind::segmented_scan)
        return check_segmented_scan_output(op, input, output);
    return check_output(type, op, exclusive, input, output);
}

} // namespace prefixlab
