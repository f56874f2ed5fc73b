// The fields both trace readers (block traces: trace_json.cpp; grid traces: grid_trace_json.cpp) are
// built from, on top of core/util/json_fields: a named enum value, an array of an exact size, and
// element values of the trace's type. Errors are JsonFieldError("WHERE: WHAT"), as json_fields' are.
#pragma once

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

// object[key], an array of exactly `size` items.
const nlohmann::json& array_field(const nlohmann::json& object, std::string_view path, const char* key,
                                  std::size_t size);

// One element value of `type` (trace_value_json.hpp), as bits.
std::uint32_t value_at(ElementType type, const nlohmann::json& value, const std::string& path);

// object[key], exactly `size` element values of `type`, as bits.
std::vector<std::uint32_t> values_field(const nlohmann::json& object, const std::string& path, const char* key,
                                        ElementType type, std::size_t size);

} // namespace prefixlab::trace_fields
