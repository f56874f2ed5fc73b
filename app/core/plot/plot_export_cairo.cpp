// Plot and table export through Cairo: an image surface for PNG, the PDF surface for PDF, the same drawing on
// each. SVG is written by SvgPainter, so that text stays <text> (Cairo's SVG surface writes glyph
// outlines), with Cairo measuring the text as it does for the PNG. Cairo records errors in the surface
// and context rather than failing a call, so the status is checked after drawing and after finishing
// each surface.
#include "core/plot/cairo_handles.hpp"
#include "core/plot/cairo_painter.hpp"
#include "core/plot/plot_export.hpp"
#include "core/plot/svg_painter.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/build_info.hpp"

#include <cairo-pdf.h>
#include <cairo.h>
#include <cmath>
#include <cstdio>
#include <memory>

namespace prefixlab {

namespace {

using cairo_handles::Context;
using cairo_handles::Surface;

// Cairo's image surfaces are limited to 32767 pixels a side.
constexpr float kMaxPngSide = 32767;

[[noreturn]] void cannot_write(const std::string& path, const std::string& reason) {
    throw FileError("cannot write '" + quoted_path(path) + "': " + reason);
}

void check(cairo_status_t status, const std::string& path) {
    if (status != CAIRO_STATUS_SUCCESS)
        cannot_write(path, cairo_status_to_string(status));
}

void draw_on(cairo_surface_t* surface, bool pixel_surface, const SurfaceDrawing& draw, float width, float height,
             const std::string& path) {
    check(cairo_surface_status(surface), path);
    const Context cr(cairo_create(surface));
    CairoPainter painter(cr.get(), pixel_surface);
    draw(painter, {width, height});
    check(cairo_status(cr.get()), path);
}

// Finishing a vector surface writes the rest of the file; errors of that write show only afterwards.
void finish(cairo_surface_t* surface, const std::string& path) {
    cairo_surface_finish(surface);
    check(cairo_surface_status(surface), path);
}

// The SVG document of the drawing. Text is measured by a CairoPainter on a scratch surface that nothing
// is drawn on, with the font settings the PNG's painter uses, so the SVG lays out as the PNG. Text
// Cairo cannot measure (not UTF-8) leaves its context in an error state: the export fails, as the
// PNG and PDF exports do, rather than writing a file laid out around a missing label.
std::string svg_document(const SurfaceDrawing& draw, float width, float height, const std::string& path) {
    const Surface scratch(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr));
    check(cairo_surface_status(scratch.get()), path);
    const Context cr(cairo_create(scratch.get()));
    CairoPainter measure(cr.get(), false);
    SvgPainter svg(measure, measure.font_metrics());
    draw(svg, {width, height});
    check(cairo_status(cr.get()), path);
    return svg.document(width, height);
}

} // namespace

bool plot_export_available() {
    return true;
}

std::string plot_export_unavailable_reason() {
    return "";
}

void stage_drawing(AtomicFileSet& files, const std::string& title, const SurfaceDrawing& draw,
                   PlotFileFormat format, const std::string& path, float width, float height) {
    require_writable(path); // an unwritable path fails before any drawing
    if (!(width >= 1 && height >= 1 && std::isfinite(width) && std::isfinite(height))) {
        char size[64];
        std::snprintf(size, sizeof size, "%g x %g", double(width), double(height));
        cannot_write(path, std::string("the plot size ") + size + " is not valid (at least 1 x 1)");
    }
    if (format == PlotFileFormat::png && (width > kMaxPngSide || height > kMaxPngSide))
        cannot_write(path, "a PNG can be at most 32767 pixels on a side");

    if (format == PlotFileFormat::svg) {
        const std::string svg = svg_document(draw, width, height, path);
        files.write(path, [&](std::ostream& out) { out << svg; });
        return;
    }
    files.write_path(path, [&](const std::string& temp) {
        switch (format) {
        case PlotFileFormat::png: {
            const Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, int(std::lround(width)),
                                                             int(std::lround(height))));
            draw_on(surface.get(), true, draw, float(std::lround(width)), float(std::lround(height)), path);
            cairo_surface_flush(surface.get());
            check(cairo_surface_write_to_png(surface.get(), temp.c_str()), path);
            break;
        }
        case PlotFileFormat::svg:
            break; // written above
        case PlotFileFormat::pdf: {
            const Surface surface(cairo_pdf_surface_create(temp.c_str(), width, height));
            cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, title.c_str());
            cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, written_by().c_str());
            draw_on(surface.get(), false, draw, width, height, path);
            finish(surface.get(), path);
            break;
        }
        }
    });
}

} // namespace prefixlab
