// How one element value is written in JSON: int32 and uint32 as integers, floats as numbers (exact:
// a float widened to double prints and parses back to the same bits), with "inf", "-inf" and "nan"
// as strings since JSON has no such numbers, and any other NaN as "nan:0x" and its 8 hex digits
// ("nan:0xffc00000", a -NaN); an undefined word is null.
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace prefixlab {

nlohmann::json value_to_json(ElementType type, std::uint32_t bits);

// The value's bits, or nullopt with `problem` set when `value` is not a valid element of `type`.
std::optional<std::uint32_t> value_from_json(ElementType type, const nlohmann::json& value, std::string& problem);

} // namespace prefixlab
