// Plot export in a build without Cairo: the formats are still recognised (plot_export.cpp), but
// exporting explains why it cannot, in one line.
#include "core/plot/plot_export.hpp"

#include <stdexcept>

namespace prefixlab {

bool plot_export_available() {
    return false;
}

std::string plot_export_unavailable_reason() {
    return "this PrefixLab was built without Cairo, so plots cannot be exported as PNG, SVG or PDF "
           "(install libcairo2-dev and pkg-config, then configure again)";
}

void export_plot(const Plot&, const PlotStyle&, PlotFileFormat, const std::string&, float, float) {
    throw std::runtime_error(plot_export_unavailable_reason());
}

void stage_plot(AtomicFileSet&, const Plot&, const PlotStyle&, PlotFileFormat, const std::string&, float,
                float) {
    throw std::runtime_error(plot_export_unavailable_reason());
}

} // namespace prefixlab
