#include "bench_export.hpp"

#include "../plot/plot_layout.hpp"
#include "../util/atomic_file.hpp"
#include "bench_csv.hpp"
#include "bench_json.hpp"

#include <filesystem>

namespace prefixlab {

namespace {

constexpr float kPngWidth = 1600, kPngHeight = 900;  // pixels: a 16:9 slide
constexpr float kVectorWidth = 800, kVectorHeight = 450; // points: scales without loss

} // namespace

const char* extension_of(PlotFileFormat format) {
    switch (format) {
    case PlotFileFormat::png:
        return ".png";
    case PlotFileFormat::svg:
        return ".svg";
    case PlotFileFormat::pdf:
        break;
    }
    return ".pdf";
}

void prepare_export_folder(const std::string& folder) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::is_directory(folder, error)) {
        require_writable((fs::path(folder) / "bench.json").string());
        return;
    }
    if (fs::exists(folder, error))
        throw FileError("cannot write into '" + folder + "': it is not a directory");
    const fs::path parent = fs::path(folder).parent_path().empty() ? fs::path(".") : fs::path(folder).parent_path();
    if (!fs::is_directory(parent, error))
        throw FileError("cannot create '" + folder + "': directory '" + parent.string() + "' does not exist");
    if (!fs::create_directory(folder, error))
        throw FileError("cannot create '" + folder + "': " + error.message());
}

std::vector<BenchPlotKind> plot_kinds_with_data(const BenchRun& run) {
    std::vector<BenchPlotKind> kinds;
    for (BenchPlotKind kind : all_bench_plot_kinds()) {
        BenchPlotOptions options;
        options.kind = kind;
        const Plot plot = build_bench_plot({&run}, options);
        if (!plot.series.empty())
            kinds.push_back(kind);
    }
    return kinds;
}

void export_bench_plot(const Plot& plot, PlotFileFormat format, const std::string& path, bool dark) {
    const bool pixels = format == PlotFileFormat::png;
    const float width = pixels ? kPngWidth : kVectorWidth, height = pixels ? kPngHeight : kVectorHeight;
    const float scale = plot_scale_for_size(width, height);
    export_plot(plot, dark ? PlotStyle::dark(scale) : PlotStyle::light(scale), format,
                path, width, height);
}

BenchExportResult export_bench_run(const BenchRun& run, const std::string& folder,
                                   const std::vector<PlotFileFormat>& formats) {
    namespace fs = std::filesystem;
    prepare_export_folder(folder);
    BenchExportResult result;
    const auto path = [&](const std::string& name) { return (fs::path(folder) / name).string(); };
    write_bench_json(path("bench.json"), run);
    result.written.push_back(path("bench.json"));
    write_bench_csv(path("bench.csv"), run);
    result.written.push_back(path("bench.csv"));
    if (formats.empty())
        return result;
    if (!plot_export_available()) {
        result.notes.push_back("plots not written: " + plot_export_unavailable_reason());
        return result;
    }
    for (BenchPlotKind kind : plot_kinds_with_data(run)) {
        BenchPlotOptions options;
        options.kind = kind;
        for (PlotFileFormat format : formats) {
            const std::string file = path(std::string(name_of(kind)) + extension_of(format));
            export_bench_plot(build_bench_plot({&run}, options), format, file);
            result.written.push_back(file);
        }
    }
    return result;
}

} // namespace prefixlab
