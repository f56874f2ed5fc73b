#include "core/ground/step_label.hpp"

#include "core/ground/kernel_facts.hpp"

#include <string>
#include <string_view>

namespace prefixlab {

namespace {

// The label template with its placeholders filled in. Built by appending: GCC 12 warns falsely
// (-Wrestrict, PR 105651) on `"literal" + string`.
std::string fill_in(std::string_view label, const StepTag& tag) {
    constexpr std::string_view kLevel = "{level}", kOffset = "{offset}";
    std::string text;
    std::size_t at = 0;
    while (at < label.size()) {
        if (label.substr(at).starts_with(kLevel)) {
            text += std::to_string(tag.level);
            at += kLevel.size();
        } else if (label.substr(at).starts_with(kOffset)) {
            text += std::to_string(tag.offset);
            at += kOffset.size();
        } else {
            text += label[at++];
        }
    }
    return text;
}

} // namespace

std::string step_label(const StepTag& tag) {
    const PhaseSpec* spec = find_phase_spec(tag.phase);
    if (spec == nullptr)
        return "unknown step";
    const bool even_level = tag.level % 2 == 0;
    return fill_in(even_level && spec->label_at_even_level != nullptr ? spec->label_at_even_level : spec->label, tag);
}

} // namespace prefixlab
