#include "core/analysis/sort_bits.hpp"

#include "core/ground/kernel_facts.hpp"
#include "kernels/block/radix_sort_bits.cuh"
#include "kernels/block/radix_sort_digits.cuh"
#include "kernels/common/radix_key.hpp"

namespace prefixlab {

int sort_bits_in_binary(const Trace& trace) {
    if (kind_of(trace.config.algorithm) != KernelKind::sort)
        return 0;
    const int bits = radix_end_bit(trace.config.type, trace.input.data(), trace.input.size());
    return bits <= kMostSortBitsInBinary ? bits : 0;
}

std::optional<SortPassBits> sort_pass_of_step(const Trace& trace, int step) {
    if (kind_of(trace.config.algorithm) != KernelKind::sort || step < 0 ||
        step >= static_cast<int>(trace.steps.size()))
        return std::nullopt;
    const StepTag& tag = trace.steps[static_cast<std::size_t>(step)].tag;
    for (const PhaseSpec& pass : {RadixSortBits::kFlag, RadixSortBits::kCountRead, RadixSortBits::kCountWrite,
                                  RadixSortBits::kScatter})
        if (tag.phase == pass.phase)
            return SortPassBits{tag.level, 1};
    using Digits = RadixSortDigits;
    for (const PhaseSpec& pass : {Digits::kClear, Digits::kRead, Digits::kHolders, Digits::kMatch,
                                  Digits::kWarpCounts, Digits::kCountRead, Digits::kCountWrite, Digits::kScatter})
        if (tag.phase == pass.phase)
            return SortPassBits{tag.level * Digits::kDigitBits, Digits::kDigitBits};
    return std::nullopt;
}

bool is_sort_key_word(const Trace& trace, std::uint32_t word) {
    // both sorts lay out their n keys first (data), then the flags (ping) or the digit counts (warp_totals)
    return kind_of(trace.config.algorithm) == KernelKind::sort &&
           word < static_cast<std::uint32_t>(trace.config.n);
}

std::string key_in_binary(ElementType type, std::uint32_t bits, int width) {
    const std::uint32_t key = radix_key_of(type, bits);
    std::string digits;
    for (int b = width - 1; b >= 0; --b)
        digits += (key >> b & 1u) != 0 ? '1' : '0';
    return digits;
}

} // namespace prefixlab
