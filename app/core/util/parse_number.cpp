#include "core/util/parse_number.hpp"

#include "core/util/printable.hpp"

#include <charconv>
#include <cmath>

namespace prefixlab {

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
} // not isdigit(): no locale, ASCII only

// The shortest text that reads back as `value`: "0.5", "4".
std::string shortest(double value) {
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

} // namespace

std::string whole_number_range(std::uint64_t min, std::uint64_t max) {
    return "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
}

std::string decimal_number_range(double min, double max) {
    return "a number from " + shortest(min) + " to " + shortest(max);
}

std::uint64_t parse_whole_number(std::string_view text, std::uint64_t min, std::uint64_t max) {
    const auto refuse = [&] { return NumberError("expected " + whole_number_range(min, max)); };
    if (text.empty())
        throw refuse();
    for (const char c : text)
        if (!is_digit(c))
            throw refuse();
    std::uint64_t value = 0;
    // Only digits are left, so the one possible error is a value beyond 2^64 - 1.
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
        throw refuse();
    return value;
}

double parse_decimal_number(std::string_view text, double min, double max) {
    const auto refuse = [&] { return NumberError("expected " + decimal_number_range(min, max)); };
    std::size_t digits = 0, points = 0;
    for (const char c : text) {
        if (is_digit(c))
            ++digits;
        else if (c == '.')
            ++points;
        else
            throw refuse(); // a sign, an exponent, "inf", "nan", a space, a non-ASCII digit
    }
    if (digits == 0 || points > 1)
        throw refuse();
    double value = 0;
    const auto [end, error] =
        std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || value < min ||
        value > max)
        throw refuse();
    return value;
}

std::string value_problem(std::string_view what, std::string_view text, std::string_view problem) {
    return std::string(what) + " '" + printable(text) + "': " + std::string(problem);
}

} // namespace prefixlab
