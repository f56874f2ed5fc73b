// Command-line options whose values are read by the strict parsers of util/parse_number.hpp instead
// of CLI11's own conversion (which reads "0x10" as 16, "010" as 8 and "-1" into an unsigned option as
// 2^64 - 1, and lets "nan" through a range check). A refused value stops the parse with the whole
// one-line message: "--seed '-1': expected a whole number from 0 to 18446744073709551615".
#pragma once

#include <cstdint>
#include <string>

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace prefixlab {

// The option's default (the target's value now) is shown in --help.
CLI::Option* add_whole_number_option(CLI::App& command, const std::string& name, int& target, int min,
                                     int max, const std::string& description);
CLI::Option* add_whole_number_option(CLI::App& command, const std::string& name, std::uint64_t& target,
                                     std::uint64_t min, std::uint64_t max, const std::string& description);
CLI::Option* add_decimal_option(CLI::App& command, const std::string& name, float& target, float min,
                                float max, const std::string& description);

} // namespace prefixlab
