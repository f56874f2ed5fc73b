// How an element value is shown to a person: integers in full, floats with the digits that fit a
// table cell (compact) or all the digits that identify the float (precise).
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <string>

namespace prefixlab {

std::string format_value(ElementType type, std::uint32_t bits, bool compact = true);

} // namespace prefixlab
