// The field reading both strict JSON readers (traces, benchmark results) are built from: parsing
// within the nesting limit, field look-ups whose errors name the field ("config.n: missing"), objects
// that admit only their format's keys, integers within a range, and values quoted in messages bounded
// and safe. Errors are JsonFieldError("WHERE: WHAT"); each reader catches it at its public entry and
// adds which file and its own error type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace prefixlab::json_fields {

// "WHERE: WHAT" (just "WHAT" where WHERE is the document itself).
class JsonFieldError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

[[noreturn]] void malformed(std::string_view where, const std::string& what);

// Text from the file quoted in a message is cut after this many characters: enough to recognise a
// value, and even with every byte escaped as \xNN a message stays a few hundred bytes.
inline constexpr std::size_t kMaxQuotedValueChars = 40;

// Parses a whole document after check_json_depth (kMaxJsonDepth). Malformed text gives
// JsonFieldError("not valid JSON: …") with nlohmann's explanation made printable (its "last read"
// excerpt can hold raw bytes from the file).
nlohmann::json parse_document(std::string_view text);

// The same, and no array directly under the document's object (a results file's points, its skipped
// lines) may hold more than `max_items` items: counted in a scan of the text before it is parsed, so
// that a file of 100,000 points is refused without building them (1.46 GB for a 24 MB file).
// "KEY: more than MAX_ITEMS items, the most HOLDER holds" ("the most a results file holds").
nlohmann::json parse_document(std::string_view text, std::size_t max_items, std::string_view holder);

// The path of a field in messages: member("config", "n") is "config.n", element("steps", 3) is
// "steps[3]". A key is shown through printable(): an unknown key comes from the file.
std::string member(std::string_view path, std::string_view key);
std::string element(std::string_view path, std::size_t index);

// A value as "found X" shows it: null, true, false and numbers as JSON spells them, a string quoted
// and cut (printable), and an array or object only by its size ("an array of 3 items", "an object
// of 2 fields"). Never the whole of a container: its text can be megabytes, and dumping it recurses
// once per level of nesting.
std::string value_in_message(const nlohmann::json& value);

// "WHERE: expected an object, found …" when `value` is not one.
void require_object(const nlohmann::json& value, std::string_view path);

// A document (an object) whose "format" is `name`: "format: missing (not a PrefixLab FILE_KIND)"
// without one ("results file", "scene file"), "format: expected \"NAME\", found …" with another.
void require_format(const nlohmann::json& root, std::string_view name, std::string_view file_kind);

// Every key of `object` (an object: require_object) must be one of `known`, the fields `format_version`
// defines ("version 1"): a misspelt optional field would otherwise vanish without a word.
// "WHERE.KEY: unknown field (version 1 has no such field)". A later PrefixLab that adds fields
// writes a new version number, so the message names the version that has no such field.
void reject_unknown_fields(const nlohmann::json& object, std::string_view path,
                           std::initializer_list<std::string_view> known, std::string_view format_version);

// object[key]; "WHERE: expected an object, found …" when `object` is not one, "WHERE.KEY: missing".
const nlohmann::json& field(const nlohmann::json& object, std::string_view path, const char* key);
std::string string_field(const nlohmann::json& object, std::string_view path, const char* key);
bool bool_field(const nlohmann::json& object, std::string_view path, const char* key);

// How a reader words an integer outside its range. The two formats' messages are documented and
// tested, and both stay as they were when the readers came to share this code: a trace names the
// range ("expected an integer in 1..1048576, found 0"), a results file the bound that was crossed
// ("must be at least 1, found 0"; "expected an integer, found 2.5" for a number that is not one).
enum class RangeWording { whole_range, bound_crossed };

// An unsigned integer in min..max, at `path`; a JsonFieldError worded as `wording` says otherwise.
std::uint64_t integer_at(const nlohmann::json& value, std::string_view path, std::uint64_t min,
                         std::uint64_t max, RangeWording wording);
std::uint64_t integer_field(const nlohmann::json& object, std::string_view path, const char* key,
                            std::uint64_t min, std::uint64_t max, RangeWording wording);

} // namespace prefixlab::json_fields
