// Plots as files: PNG (pixels), SVG and PDF (vector) drawn by draw_plot(), so a file shows what the
// GUI's plot view shows. PNG and PDF through Cairo; SVG by SvgPainter with text as <text> that slide
// software can edit, measured by Cairo. Files appear whole or not at all (atomic_file.hpp). A
// PrefixLab built without Cairo (PREFIXLAB_CAIRO=OFF, or AUTO on a machine without it) still knows the
// formats but cannot export, SVG included (see plot_export_unavailable.cpp); it says so with
// plot_export_unavailable_reason().
#pragma once

#include "core/plot/plot.hpp"
#include "core/plot/plot_layout.hpp"
#include "core/plot/plot_painter.hpp"

#include <functional>
#include <optional>
#include <string>

namespace prefixlab {

class AtomicFileSet;

enum class PlotFileFormat { png, svg, pdf };

// ".png", ".svg", ".pdf"
const char* extension_of(PlotFileFormat format);

// The format named by the path's extension (".png", ".svg", ".pdf", any case); nullopt for others.
std::optional<PlotFileFormat> plot_format_from_path(const std::string& path);

// False in a build without Cairo.
bool plot_export_available();

// Why plots cannot be exported (one line), or "" when they can.
std::string plot_export_unavailable_reason();

// Draws `plot` on a width × height surface and writes it to `path`: PNG in pixels, SVG and PDF in
// points (vector; at 72 dpi a viewer shows them as the PNG of the same numbers). For a 1600 × 900
// slide pass PlotStyle::light(plot_scale_for_size(1600, 900)). The file is written to a temporary
// name and renamed into place, so `path` holds the old file or the whole new one.
// Throws FileError("cannot write 'PATH': REASON") when the path is not writable (checked before
// drawing), the size is unusable, or Cairo fails; std::runtime_error when built without Cairo.
void export_plot(const Plot& plot, const PlotStyle& style, PlotFileFormat format, const std::string& path,
                 float width, float height);

// The same, drawn into a temporary file of `files` (atomic_file.hpp) that appears at `path` only when
// the set is committed: a benchmark's export commits its results and plots together.
void stage_plot(AtomicFileSet& files, const Plot& plot, const PlotStyle& style, PlotFileFormat format,
                const std::string& path, float width, float height);

// Any picture drawn through a PlotPainter as a file, the way export_plot writes plots (the same checks,
// the same atomic write): `draw(painter, size)` draws the whole width × height surface. `title` is the
// PDF's title. stage_plot and export_table_figure are this with their drawing.
using SurfaceDrawing = std::function<void(PlotPainter& painter, Vec2f size)>;
void stage_drawing(AtomicFileSet& files, const std::string& title, const SurfaceDrawing& draw,
                   PlotFileFormat format, const std::string& path, float width, float height);

struct TableFigure;

// A table figure (table_figure.hpp) as a file, like export_plot.
void export_table_figure(const TableFigure& table, const PlotStyle& style, PlotFileFormat format,
                         const std::string& path, float width, float height);

} // namespace prefixlab
