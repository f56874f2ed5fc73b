// The part of plot export that needs no Cairo: telling the format from a file name.
#include "core/plot/plot_export.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace prefixlab {

std::optional<PlotFileFormat> plot_format_from_path(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (extension == ".png")
        return PlotFileFormat::png;
    if (extension == ".svg")
        return PlotFileFormat::svg;
    if (extension == ".pdf")
        return PlotFileFormat::pdf;
    return std::nullopt;
}

} // namespace prefixlab
