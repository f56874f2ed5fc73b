#include "core/trace/trace_value_json.hpp"

#include "core/util/json_fields.hpp"
#include "kernels/common/value_bits.hpp"

#include <cmath>
#include <limits>
#include <string>

namespace prefixlab {

namespace {

// The NaN "nan" stands for (std::numeric_limits<float>::quiet_NaN()); any other NaN, of the other sign or
// another payload, is written with its bits, "nan:0xffc00000", so that it reads back the same: a radix
// sort orders NaNs by their bits (a -NaN first), and a ballot's votes in a float trace are such a NaN.
constexpr std::uint32_t kPlainNan = 0x7fc00000u;

std::string nan_text(std::uint32_t bits) {
    static const char digits[] = "0123456789abcdef";
    std::string text = "nan:0x";
    for (int shift = 28; shift >= 0; shift -= 4)
        text += digits[bits >> shift & 0xfu];
    return text;
}

// The bits of "nan:0x" and 8 hex digits naming a NaN; nothing for any other text.
std::optional<std::uint32_t> nan_from_text(const std::string& text) {
    if (text.size() != 14 || text.compare(0, 6, "nan:0x") != 0)
        return std::nullopt;
    std::uint32_t bits = 0;
    for (std::size_t i = 6; i < text.size(); ++i) {
        const char c = text[i];
        const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0)
            return std::nullopt;
        bits = bits << 4 | static_cast<std::uint32_t>(digit);
    }
    if (!std::isnan(from_bits<float>(bits)))
        return std::nullopt;
    return bits;
}

} // namespace

nlohmann::json value_to_json(ElementType type, std::uint32_t bits) {
    switch (type) {
    case ElementType::int32:
        return from_bits<std::int32_t>(bits);
    case ElementType::uint32:
        return from_bits<std::uint32_t>(bits);
    case ElementType::float32:
        break;
    }
    const float value = from_bits<float>(bits);
    if (std::isnan(value))
        return bits == kPlainNan ? std::string("nan") : nan_text(bits);
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    return static_cast<double>(value);
}

std::optional<std::uint32_t> value_from_json(ElementType type, const nlohmann::json& value, std::string& problem) {
    switch (type) {
    case ElementType::int32: {
        if (!value.is_number_integer()) {
            problem = "expected an int32, found " + json_fields::value_in_message(value);
            return std::nullopt;
        }
        const auto v = value.get<std::int64_t>();
        if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(INT32_MAX)) {
            problem = json_fields::value_in_message(value) + " does not fit in int32";
            return std::nullopt;
        }
        if (v < INT32_MIN || v > INT32_MAX) {
            problem = json_fields::value_in_message(value) + " does not fit in int32";
            return std::nullopt;
        }
        return to_bits(static_cast<std::int32_t>(v));
    }
    case ElementType::uint32: {
        if (!value.is_number_unsigned() || value.get<std::uint64_t>() > UINT32_MAX) {
            problem = "expected a uint32, found " + json_fields::value_in_message(value);
            return std::nullopt;
        }
        return to_bits(static_cast<std::uint32_t>(value.get<std::uint64_t>()));
    }
    case ElementType::float32:
        break;
    }
    if (value.is_string()) {
        const auto& text = value.get_ref<const std::string&>();
        if (text == "inf")
            return to_bits(std::numeric_limits<float>::infinity());
        if (text == "-inf")
            return to_bits(-std::numeric_limits<float>::infinity());
        if (text == "nan")
            return kPlainNan;
        if (const std::optional<std::uint32_t> bits = nan_from_text(text))
            return bits;
    }
    if (!value.is_number()) {
        problem = "expected a float, found " + json_fields::value_in_message(value);
        return std::nullopt;
    }
    const double wide = value.get<double>();
    const float narrow = static_cast<float>(wide);
    if (std::isinf(narrow) || static_cast<double>(narrow) != wide) {
        problem = json_fields::value_in_message(value) + " is not exactly a float";
        return std::nullopt;
    }
    return to_bits(narrow);
}

} // namespace prefixlab
