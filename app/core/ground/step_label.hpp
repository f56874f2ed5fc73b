// The one function that turns a step tag into the label views, exports and error messages show,
// e.g. "iteration 3, offset 4: read partner": the label template of the tag's phase, which the kernel
// declares in its catalogue entry (PhaseSpec), with the tag's level and offset filled in.
#pragma once

#include "kernels/common/step_tag.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace prefixlab {

std::string step_label(const StepTag& tag);

// `text` with each {key} replaced by value(key); a key value() does not know (nullopt) stays as
// written, so a missing number shows instead of vanishing (the narration tests look for one).
std::string fill_placeholders(std::string_view text,
                              const std::function<std::optional<std::string>(std::string_view)>& value);

// The numbers a step tag gives every template: {level} and {offset}.
std::optional<std::string> tag_placeholder(const StepTag& tag, std::string_view key);

} // namespace prefixlab
