// How scripted mode reads its values: one function per kind (whole number, number, name, path,
// key=value setting), used by every command and every setting, so each kind is checked the same way
// everywhere and only when the script is read. Numbers go through util/parse_number.hpp, the readers
// of the command line too.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace prefixlab {

// A value was refused. The message names the value and quotes it, "scale FACTOR 'abc': expected a
// number from 0.5 to 4"; the script reader puts "script FILE:LINE: " in front.
class ScriptValueError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// `what` names the value in messages: "wait FRAMES", "trace n".
std::uint64_t script_whole_number(std::string_view what, std::string_view text, std::uint64_t min,
                                  std::uint64_t max, std::string_view why = "");
double script_number(std::string_view what, std::string_view text, double min, double max);

// The index of `text` in `names`; a refusal lists them.
std::size_t script_name(std::string_view what, std::string_view text, const std::vector<std::string>& names);

// A value of a kind with its own parser (an algorithm, an element type, …): `parse` gives nullopt for
// an unknown name, and `known` lists the accepted ones in the message.
template <class Value, class Parse>
Value script_choice(std::string_view what, std::string_view text, Parse parse, std::string_view known);

// A file or folder name: not empty and without control characters (a NUL would cut the name short
// when the file is opened, so another file would be written); ending in `suffix` when one is given.
std::string script_path(std::string_view what, std::string_view text, std::string_view suffix = "");

// "key=value" split at the first '='; refuses text without one, naming the command `what`.
std::pair<std::string, std::string> script_setting(std::string_view what, std::string_view text);

// The message for an unknown name: "trace algo 'bubble': unknown (KNOWN)".
[[noreturn]] void refuse_unknown_name(std::string_view what, std::string_view text, std::string_view known);

template <class Value, class Parse>
Value script_choice(std::string_view what, std::string_view text, Parse parse, std::string_view known) {
    const std::optional<Value> value = parse(std::string(text));
    if (!value)
        refuse_unknown_name(what, text, known);
    return *value;
}

} // namespace prefixlab
