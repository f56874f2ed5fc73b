// How an element value is shown to a person: integers in full, floats with the digits that fit a
// table cell (compact) or all the digits that identify the float (precise).
#pragma once

#include "kernels/common/scan_types.hpp"

#include <cstdint>
#include <string>

namespace prefixlab {

std::string format_value(ElementType type, std::uint32_t bits, bool compact = true);

// The value in at most four characters and a sign, for a box too small for format_value(): "1128" as
// "1.1k", 65536 as "66k", 2^31 as "2.1G", a float to two significant digits ("3.2", "1.2e-05" as "1e-05").
// The look-back's flags keep their letter this way ("P 1.1k"), where they showed the bare "1128".
std::string format_value_short(ElementType type, std::uint32_t bits);

} // namespace prefixlab
