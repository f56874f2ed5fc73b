// The one function that turns a step tag into the label views, exports and error messages show,
// e.g. "iteration 3, offset 4: read partner": the label template of the tag's phase, which the kernel
// declares in its catalogue entry (PhaseSpec), with the tag's level and offset filled in.
#pragma once

#include "kernels/common/step_tag.hpp"

#include <string>

namespace prefixlab {

std::string step_label(const StepTag& tag);

} // namespace prefixlab
