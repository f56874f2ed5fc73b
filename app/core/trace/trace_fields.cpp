#include "core/trace/trace_fields.hpp"

#include "core/trace/trace_value_json.hpp"

namespace prefixlab::trace_fields {

using nlohmann::json;
using namespace json_fields;

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
