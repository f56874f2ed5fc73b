// Plot export in a build without Cairo: the formats are still recognised (plot_export.cpp), but
// exporting explains why it cannot, in one line.
//
// SVG too, although SvgPainter itself needs no Cairo: it needs text widths, and without Cairo the only
// ones at hand would be an estimate (so many ems a character). A file laid out on estimates would not
// be the PNG's layout, and a label could overrun its neighbour in the legend or the tick row; one
// availability for all three formats also keeps the GUI and the command line simple. Builds without
// Cairo are the GPU test machine's, where no one exports slides.
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

void stage_drawing(AtomicFileSet&, const std::string&, const SurfaceDrawing&, PlotFileFormat, const std::string&,
                   float, float) {
    throw std::runtime_error(plot_export_unavailable_reason());
}

} // namespace prefixlab
