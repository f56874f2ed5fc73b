// The one reader for each kind of number a user types. Command-line options, script arguments and
// benchmark settings all go through these, so "0x10", "-1", "1e3", "nan" or "12abc" are refused the
// same way everywhere instead of being read as 16, 2^64 - 1, 1000, 1 or 12.
//
// The accepted spelling is plain decimal, the whole text: ASCII digits, and for fractions one '.'.
// No sign (every number PrefixLab takes is at least 0, and "+1" would suggest that "-1" works), no
// exponent, no hexadecimal, no spaces, no "inf" or "nan". Leading zeros are read in decimal: "010" is
// ten (never octal eight, as strtol with base 0 would have it).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace prefixlab {

// A typed value was refused; the message says what was expected: "expected a whole number from 1 to
// 1024". Callers put the option and the value in front of it with value_problem().
class NumberError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// The whole of `text` as a decimal whole number in min..max; throws NumberError stating the range.
std::uint64_t parse_whole_number(std::string_view text, std::uint64_t min, std::uint64_t max);

// The whole of `text` as a finite decimal fraction ("2", "1.5", ".5", "2.") in min..max; throws
// NumberError stating the range.
double parse_decimal_number(std::string_view text, double min, double max);

// How every message about a typed value reads: "--n '-1': expected a whole number from 1 to 1024".
// `what` names where the value was typed (an option, a script command's argument, a setting); the
// value is quoted through printable(), so control bytes and invalid UTF-8 show as \xNN.
std::string value_problem(std::string_view what, std::string_view text, std::string_view problem);

// "a whole number from 1 to 1024": the range as the messages above state it.
std::string whole_number_range(std::uint64_t min, std::uint64_t max);
std::string decimal_number_range(double min, double max);

} // namespace prefixlab
