// The fields both trace readers (block traces: trace_json.cpp; grid traces: grid_trace_json.cpp) are
// built from, on top of core/util/json_fields: a named enum value, an array of an exact size, and
// element values of the trace's type. Errors are JsonFieldError("WHERE: WHAT"), as json_fields' are.
#pragma once

#include "core/ground/kernel_names.hpp"
#include "core/trace/trace_json.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/json_fields.hpp"
#include "core/util/printable.hpp"
#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace prefixlab::trace_fields {

// object[key] as a name `parse` knows: "WHERE.KEY: unknown value 'TEXT'" otherwise.
template <class Enum, class Parse>
Enum enum_field(const nlohmann::json& object, const std::string& path, const char* key, Parse parse) {
    const std::string text = json_fields::string_field(object, path, key);
    const auto parsed = parse(text);
    if (!parsed)
        json_fields::malformed(json_fields::member(path, key),
                               "unknown value '" + printable(text, json_fields::kMaxQuotedValueChars) + "'");
    return *parsed;
}

// A trace document's head: "format" is `format_name` and "version" is `version`. Otherwise "not a
// PrefixLab NOUN (expected \"format\": \"NAME\")", or "version: NOUN format version V is not supported
// (this PrefixLab reads VERSION)" (NOUN "trace", "grid trace").
void require_trace_format(const nlohmann::json& root, const char* format_name, std::string_view noun, int version);

// The scan both traces' configs name (a TraceConfig's or a GridTraceConfig's): "element_type",
// "operator", "exclusive" and "input" {"kind", "seed"}, written and read back; `version_text` ("version
// 1") names the format in the message for an unknown field of "input".
template <class Config>
nlohmann::json scan_fields_json(const Config& c) {
    return {{"element_type", name_of(c.type)},
            {"operator", name_of(c.op)},
            {"exclusive", c.exclusive},
            {"input", {{"kind", name_of(c.input_kind)}, {"seed", c.seed}}}};
}
template <class Config>
void read_scan_fields(const nlohmann::json& c, const std::string& path, std::string_view version_text, Config& config) {
    using namespace json_fields;
    config.type = enum_field<ElementType>(c, path, "element_type", parse_element_type);
    config.op = enum_field<ScanOperator>(c, path, "operator", parse_scan_operator);
    config.exclusive = bool_field(c, path, "exclusive");
    const nlohmann::json& input = field(c, path, "input");
    reject_unknown_fields(input, member(path, "input"), {"kind", "seed"}, version_text);
    config.input_kind = enum_field<InputKind>(input, member(path, "input"), "kind", parse_input_kind);
    config.seed = integer_field(input, member(path, "input"), "seed", 0, UINT64_MAX, RangeWording::whole_range);
}

// object[key], an array of exactly `size` items.
const nlohmann::json& array_field(const nlohmann::json& object, std::string_view path, const char* key,
                                  std::size_t size);

// One element value of `type` (trace_value_json.hpp), as bits.
std::uint32_t value_at(ElementType type, const nlohmann::json& value, const std::string& path);

// object[key], exactly `size` element values of `type`, as bits.
std::vector<std::uint32_t> values_field(const nlohmann::json& object, const std::string& path, const char* key,
                                        ElementType type, std::size_t size);

// What `parse` reads from the text of the file at `path`: "cannot read NOUN 'PATH': …" where the file
// cannot be read or passes `max_bytes`, "malformed NOUN 'PATH': …" where `parse` refuses its text.
template <class Parse>
auto load_trace_document(const std::string& path, std::uint64_t max_bytes, std::string_view noun, Parse parse) {
    const std::string text = read_bounded_file_as<TraceFormatError>(path, max_bytes, noun);
    try {
        return parse(text);
    } catch (const TraceFormatError& e) {
        throw TraceFormatError("malformed " + std::string(noun) + " '" + printable_path(path) + "': " + e.what());
    }
}

} // namespace prefixlab::trace_fields
