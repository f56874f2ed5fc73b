#include "core/trace/trace_fields.hpp"

#include "core/trace/trace_value_json.hpp"

namespace prefixlab::trace_fields {

using nlohmann::json;
using namespace json_fields;

void require_trace_format(const json& root, const char* format_name, std::string_view noun, int version) {
    const std::string what(noun);
    if (!root.is_object() || !root.contains("format") || root["format"] != format_name)
        malformed("", "not a PrefixLab " + what + " (expected \"format\": \"" + format_name + "\")");
    const auto found = integer_field(root, "", "version", 0, UINT32_MAX, RangeWording::whole_range);
    if (found != static_cast<std::uint64_t>(version))
        malformed("version", what + " format version " + std::to_string(found) +
                                 " is not supported (this PrefixLab reads " + std::to_string(version) + ")");
}

const json& array_field(const json& object, std::string_view path, const char* key, std::size_t size) {
    const json& value = field(object, path, key);
    if (!value.is_array())
        malformed(member(path, key), "expected an array");
    if (value.size() != size)
        malformed(member(path, key),
                  "expected " + std::to_string(size) + " values, found " + std::to_string(value.size()));
    return value;
}

std::uint32_t value_at(ElementType type, const json& value, const std::string& path) {
    std::string problem;
    const auto bits = value_from_json(type, value, problem);
    if (!bits)
        malformed(path, problem);
    return *bits;
}

std::vector<std::uint32_t> values_field(const json& object, const std::string& path, const char* key,
                                        ElementType type, std::size_t size) {
    const json& values = array_field(object, path, key, size);
    std::vector<std::uint32_t> bits(size);
    for (std::size_t i = 0; i < size; ++i)
        bits[i] = value_at(type, values[i], element(member(path, key), i));
    return bits;
}

} // namespace prefixlab::trace_fields
