// The part of plot export that needs no Cairo: telling the format from a file name, and what plots
// and tables draw on the surfaces stage_drawing() makes (plot_export_cairo.cpp).
#include "core/plot/plot_export.hpp"

#include "core/plot/table_figure.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/enum_names.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace prefixlab {

namespace {

constexpr const char* kPlotExtensions[] = {".png", ".svg", ".pdf"};

} // namespace

const char* extension_of(PlotFileFormat format) { return name_in<PlotFileFormat::pdf>(kPlotExtensions, format); }

std::optional<PlotFileFormat> plot_format_from_path(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return enumerator_named<PlotFileFormat::pdf>(kPlotExtensions, extension);
}

void stage_plot(AtomicFileSet& files, const Plot& plot, const PlotStyle& style, PlotFileFormat format,
                const std::string& path, float width, float height) {
    stage_drawing(
        files, plot.title,
        [&](PlotPainter& painter, Vec2f size) { draw_plot(plot, painter, {0, 0}, size, style); }, format, path,
        width, height);
}

void export_plot(const Plot& plot, const PlotStyle& style, PlotFileFormat format, const std::string& path,
                 float width, float height) {
    AtomicFileSet file;
    stage_plot(file, plot, style, format, path, width, height);
    file.commit();
}

void export_table_figure(const TableFigure& table, const PlotStyle& style, PlotFileFormat format,
                         const std::string& path, float width, float height) {
    AtomicFileSet file;
    stage_drawing(
        file, table.title,
        [&](PlotPainter& painter, Vec2f size) { draw_table_figure(table, painter, {0, 0}, size, style); }, format,
        path, width, height);
    file.commit();
}

} // namespace prefixlab
