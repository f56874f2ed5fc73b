// The lesson handout in a build without Cairo: it says why, in one line.
#include "core/plot/handout.hpp"
#include "core/plot/plot_export.hpp"

#include <stdexcept>

namespace prefixlab {

bool handout_available() {
    return false;
}

std::string handout_unavailable_reason() {
    return "this PrefixLab was built without Cairo, so it cannot write a handout (install libcairo2-dev and "
           "pkg-config, then configure again)";
}

std::string handout_pdf(const std::string&, const std::vector<HandoutScene>&) {
    throw std::runtime_error(handout_unavailable_reason());
}

std::string picture_png(const VectorPicture&) {
    throw std::runtime_error(handout_unavailable_reason());
}

} // namespace prefixlab
