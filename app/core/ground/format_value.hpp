// How an element value is shown to a person: integers in full, floats with the digits that fit a
// table cell (compact) or all the digits that identify the float (precise).
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <string>

namespace prefixlab {

std::string format_value(ElementType type, std::uint32_t bits, bool compact = true);

// How an element of a kernel's trace shows: format_value, except a segmented scan's (flag, value) pair
// (kernels/common/segmented_pairs.hpp), shown as its value with a bar before it where the flag is set: "|7" an
// input that starts a segment, or a partial result with a head among the elements it covers.
std::string format_element(BlockAlgorithm algorithm, ElementType type, std::uint32_t bits, bool compact = true);
// A result as the output row shows it: format_element, but a segmented scan's as its value alone (its flag, set
// from the first head on, would mark nearly every result; the row marks the segments' starts instead).
std::string format_result(BlockAlgorithm algorithm, ElementType type, std::uint32_t bits, bool compact = true);
// Whether an input element of the kernel starts a segment: a segmented scan's with its head flag set.
bool starts_segment(BlockAlgorithm algorithm, std::uint32_t bits);

// The value in at most four characters and a sign, for a box too small for format_value(): "1128" as
// "1.1k", 65536 as "66k", 2^31 as "2.1G", a float to two significant digits ("3.2", "1.2e-05" as "1e-05").
// The look-back's flags keep their letter this way ("P 1.1k"), where they showed the bare "1128".
std::string format_value_short(ElementType type, std::uint32_t bits);

} // namespace prefixlab
