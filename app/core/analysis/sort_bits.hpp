// What the Values table shows of a radix sort's keys (kernels/block/radix_sort_bits.cuh): the bits each
// pass splits on. Keys that use few bits (the lecture's 16 keys of 4 bits) are shown in binary, with the
// bit of the row's pass marked; keys that use more are shown as numbers, as every other kernel's values.
#pragma once

#include "core/trace/trace.hpp"

#include <optional>
#include <string>

namespace prefixlab {

// The most bits shown in binary: 8 digits fit a cell as "255" does not much less.
inline constexpr int kMostSortBitsInBinary = 8;

// The bits the sort of this trace passes over (radix_end_bit of its input) when it is a sort whose keys
// use 1..kMostSortBitsInBinary bits; else 0, and its keys are shown as numbers.
int sort_bits_in_binary(const Trace& trace);

// The bits the pass of `step` sorts by: bit b of the 1-bit sort's pass b, bits 4d..4d+3 of the 4-bit
// sort's pass d; every step of a pass, none for the load, the store and any other kernel's steps.
struct SortPassBits {
    int first = 0, count = 1;
    friend bool operator==(const SortPassBits&, const SortPassBits&) = default;
};
std::optional<SortPassBits> sort_pass_of_step(const Trace& trace, int step);

// Whether a shared word holds a key (the sort's first buffer), not a flag or a count.
bool is_sort_key_word(const Trace& trace, std::uint32_t word);

// Whether `bit` is one of the pass's bits.
inline bool sorts_by(const std::optional<SortPassBits>& pass, int bit) {
    return pass && bit >= pass->first && bit < pass->first + pass->count;
}

// The low `width` bits of the key's radix_key (kernels/common/radix_key.hpp), the highest first: "1011".
std::string key_in_binary(ElementType type, std::uint32_t bits, int width);

} // namespace prefixlab
