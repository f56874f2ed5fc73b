// A lecturer's own input (issue 34): "10,0,3,9,2,0,1,2", one value an element, of the element type. N is
// the count. The command line takes it as `--input values:…`, scenes and settings as "values", and the
// GUI in a text field beside the input choice.
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

// A list PrefixLab cannot read: what() is one line naming the value and its position ("value 3, '2.5',
// is not an int32 (a whole number from -2147483648 to 2147483647)").
class InputValuesError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Longer lists are refused before they are read: every kernel that takes a list runs on one block.
inline constexpr std::size_t kMaxInputValues = 4096;

// How many values the list names (one more than its commas; 0 for a blank list).
std::size_t input_value_count(std::string_view text);

// The values as element bits of `type`; spaces around a value are allowed. Throws InputValuesError.
// head_flags (a segmented scan's list, kernels/common/segmented_pairs.hpp): "|3,1,|7,0,4" — each value from 0 to
// 2^31 − 1, '|' before one that starts a segment, read as (flag, value) pairs.
std::vector<std::uint32_t> parse_input_values(std::string_view text, ElementType type, bool head_flags = false);

// The list that reads back as `bits` ("10,0,3"; floats as their shortest decimal; with head_flags "|3,1,|7").
std::string input_values_text(ElementType type, const std::vector<std::uint32_t>& bits, bool head_flags = false);

} // namespace prefixlab
