#include "core/ground/step_label.hpp"

#include "core/ground/kernel_facts.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace prefixlab {

std::string fill_placeholders(std::string_view text,
                              const std::function<std::optional<std::string>(std::string_view)>& value) {
    // Built by appending: GCC 12 warns falsely (-Wrestrict, PR 105651) on `"literal" + string`.
    std::string filled;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t close = text[at] == '{' ? text.find('}', at) : std::string_view::npos;
        if (close != std::string_view::npos) {
            if (const std::optional<std::string> v = value(text.substr(at + 1, close - at - 1))) {
                filled += *v;
                at = close + 1;
                continue;
            }
        }
        filled += text[at++];
    }
    return filled;
}

std::optional<std::string> tag_placeholder(const StepTag& tag, std::string_view key) {
    if (key == "level")
        return std::to_string(tag.level);
    if (key == "offset")
        return std::to_string(tag.offset);
    return std::nullopt;
}

std::string step_label(const StepTag& tag) {
    const PhaseSpec* spec = find_phase_spec(tag.phase);
    if (spec == nullptr)
        return "unknown step";
    const bool even_level = tag.level % 2 == 0;
    return fill_placeholders(even_level && spec->label_at_even_level != nullptr ? spec->label_at_even_level
                                                                                : spec->label,
                             [&](std::string_view key) { return tag_placeholder(tag, key); });
}

} // namespace prefixlab
