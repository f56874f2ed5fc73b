#include "core/ground/input_values.hpp"

#include "kernels/block_dispatch.hpp"
#include "kernels/common/segmented_pairs.hpp"
#include "kernels/common/value_bits.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace prefixlab {

namespace {

std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// What a value of the type is, for the message.
std::string expected_of(ElementType type) {
    switch (type) {
    case ElementType::int32:
        return "an int32 (a whole number from -2147483648 to 2147483647)";
    case ElementType::uint32:
        return "a uint32 (a whole number from 0 to 4294967295)";
    case ElementType::float32:
        break;
    }
    return "a float (a finite number such as 2.5 or -1e3)";
}

template <class T>
bool read_value(std::string_view text, T& value) {
    if (text.empty())
        return false;
    const char* first = text.data() + (text.front() == '+' ? 1 : 0); // from_chars takes no '+'
    const char* last = text.data() + text.size();
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc{} || end != last)
        return false;
    if constexpr (std::is_floating_point_v<T>)
        return std::isfinite(value);
    return true;
}

// A value shown in the message as the user wrote it, cut short if it is long.
std::string quoted(std::string_view value) {
    std::string shown(value.substr(0, 24));
    for (char& c : shown)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
            c = '?';
    return "'" + shown + (value.size() > 24 ? "…'" : "'");
}

} // namespace

std::size_t input_value_count(std::string_view text) {
    if (trimmed(text).empty())
        return 0;
    std::size_t count = 1;
    for (char c : text)
        count += c == ',' ? 1 : 0;
    return count;
}

std::vector<std::uint32_t> parse_input_values(std::string_view text, ElementType type, bool head_flags) {
    const std::size_t count = input_value_count(text);
    if (count == 0)
        throw InputValuesError("the list of values is empty (write them as 10,0,3,9)");
    if (count > kMaxInputValues)
        throw InputValuesError("the list has " + std::to_string(count) + " values; at most " +
                               std::to_string(kMaxInputValues) + " are read");
    std::vector<std::uint32_t> bits;
    bits.reserve(count);
    std::size_t start = 0;
    for (std::size_t position = 1; position <= count; ++position) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view value = trimmed(text.substr(start, comma - start));
        start = comma + 1;
        const std::string where = "value " + std::to_string(position);
        if (value.empty())
            throw InputValuesError(where + " is empty (two commas in a row, or one at an end)");
        if (head_flags) {
            const bool head = value.front() == '|';
            std::uint32_t x = 0;
            if (!read_value(trimmed(value.substr(head ? 1 : 0)), x) || x > kSegmentValueMask)
                throw InputValuesError(where + ", " + quoted(value) +
                                       ", is not a segment's value (a whole number from 0 to 2147483647, with '|' "
                                       "before it where a segment starts)");
            bits.push_back(segment_pair(head, x));
            continue;
        }
        const bool ok = dispatch_value_type(type, [&]<class T>() {
            T x{};
            if (!read_value(value, x))
                return false;
            bits.push_back(to_bits(x));
            return true;
        });
        if (!ok)
            throw InputValuesError(where + ", " + quoted(value) + ", is not " + expected_of(type));
    }
    return bits;
}

std::string input_values_text(ElementType type, const std::vector<std::uint32_t>& bits, bool head_flags) {
    std::string text;
    for (std::size_t i = 0; i < bits.size(); ++i) {
        char value[40];
        const char* end = head_flags ? std::to_chars(value, value + sizeof value, segment_value(bits[i])).ptr
                                     : dispatch_value_type(type, [&]<class T>() {
                                           return std::to_chars(value, value + sizeof value, from_bits<T>(bits[i])).ptr;
                                       });
        if (i > 0)
            text += ',';
        if (head_flags && is_segment_head(bits[i]))
            text += '|';
        text.append(value, static_cast<std::size_t>(end - value));
    }
    return text;
}

} // namespace prefixlab
