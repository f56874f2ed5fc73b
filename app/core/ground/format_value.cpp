#include "core/ground/format_value.hpp"

#include "core/ground/kernel_facts.hpp"
#include "kernels/common/segmented_pairs.hpp"
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

std::string format_element(BlockAlgorithm algorithm, ElementType type, std::uint32_t bits, bool compact) {
    if (!takes_head_flags(algorithm))
        return format_value(type, bits, compact);
    return (is_segment_head(bits) ? "|" : "") + std::to_string(segment_value(bits));
}

std::string format_result(BlockAlgorithm algorithm, ElementType type, std::uint32_t bits, bool compact) {
    return takes_head_flags(algorithm) ? std::to_string(segment_value(bits)) : format_value(type, bits, compact);
}

bool starts_segment(BlockAlgorithm algorithm, std::uint32_t bits) {
    return takes_head_flags(algorithm) && is_segment_head(bits);
}

std::string format_value_short(ElementType type, std::uint32_t bits) {
    const double value = type == ElementType::int32    ? from_bits<std::int32_t>(bits)
                         : type == ElementType::uint32 ? from_bits<std::uint32_t>(bits)
                                                       : static_cast<double>(from_bits<float>(bits));
    if (std::isinf(value) || std::isnan(value))
        return format_value(type, bits);
    char text[32];
    const double magnitude = std::fabs(value);
    if (magnitude < 1000) {
        if (type != ElementType::float32)
            std::snprintf(text, sizeof text, "%.0f", value);
        else
            std::snprintf(text, sizeof text, "%.2g", value);
        return text;
    }
    static constexpr const char* kSuffixes[] = {"k", "M", "G"};
    double scaled = value / 1000;
    int suffix = 0;
    while (std::fabs(scaled) >= 999.5 && suffix < 2)
        scaled /= 1000, ++suffix;
    if (std::fabs(scaled) >= 999.5) // a float beyond 10^12
        std::snprintf(text, sizeof text, "%.1e", value);
    else if (std::fabs(scaled) < 9.95)
        std::snprintf(text, sizeof text, "%.1f%s", scaled, kSuffixes[suffix]);
    else
        std::snprintf(text, sizeof text, "%.0f%s", scaled, kSuffixes[suffix]);
    return text;
}

} // namespace prefixlab
