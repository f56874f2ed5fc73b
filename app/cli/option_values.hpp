// Command-line options whose values are read by strict parsers, in one place per kind of value.
//
// Numbers are read by the strict parsers of util/parse_number.hpp instead of CLI11's own conversion
// (which reads "0x10" as 16, "010" as 8 and "-1" into an unsigned option as 2^64 - 1, and lets "nan"
// through a range check); paths are refused when empty. A refused value stops the parse with the whole
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

// What kind of path an option takes, shown in --help as its type: FILE or DIR.
enum class PathKind { file, folder };

// Every option that names a file or folder, read or written, is added here. An empty value given
// explicitly ("--csv ''") is refused like any other bad path, exit code 2 and one line naming the option,
// "--csv '': an empty path names no file" (atomic_file.hpp's kEmptyPathProblem): an empty path once
// meant "no CSV" to one command and "missing option" to another. Leaving the option out is how to ask
// for none. What else a path must be (a writable target, a readable file) is checked when it is used.
CLI::Option* add_path_option(CLI::App& command, const std::string& name, std::string& target, PathKind kind,
                             const std::string& description);

} // namespace prefixlab
