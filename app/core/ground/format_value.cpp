#include "core/ground/format_value.hpp"

#include "kernels/common/value_bits.hpp"

#include <cmath>
#include <cstdio>

namespace prefixlab {

std::string format_value(ElementType type, std::uint32_t bits, bool compact) {
    char text[48];
    switch (type) {
    case ElementType::int32:
        std::snprintf(text, sizeof text, "%d", from_bits<std::int32_t>(bits));
        return text;
    case ElementType::uint32:
        std::snprintf(text, sizeof text, "%u", from_bits<std::uint32_t>(bits));
        return text;
    case ElementType::float32:
        break;
    }
    const float value = from_bits<float>(bits);
    if (std::isinf(value))
        return value > 0 ? "∞" : "−∞";
    std::snprintf(text, sizeof text, compact ? "%.4g" : "%.9g", static_cast<double>(value));
    return text;
}

} // namespace prefixlab
