#include "bench_export.hpp"

#include "../plot/plot_layout.hpp"
#include "../util/atomic_file.hpp"
#include "bench_csv.hpp"
#include "bench_json.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

constexpr float kPngWidth = 1600, kPngHeight = 900;  // pixels: a 16:9 slide
constexpr float kVectorWidth = 800, kVectorHeight = 450; // points: scales without loss

constexpr PlotFileFormat kAllFormats[] = {PlotFileFormat::png, PlotFileFormat::svg, PlotFileFormat::pdf};

// Every file name a run's export owns in its folder, whether this run writes it or not.
std::vector<std::string> run_file_names() {
    std::vector<std::string> names = {"bench.json", "bench.csv"};
    for (BenchPlotKind kind : all_bench_plot_kinds())
        for (PlotFileFormat format : kAllFormats)
            names.push_back(std::string(name_of(kind)) + extension_of(format));
    return names;
}

[[noreturn]] void refuse_folder(const std::string& verb, const std::string& folder,
                                const std::string& reason) {
    throw FileError("cannot " + verb + " '" + quoted_path(folder) + "': " + reason);
}

// The folder exists as a directory (a link to one is fine: the files go inside it, the link stays),
// or it is missing and its parent is a writable directory. Returns whether it exists.
bool check_folder(const std::string& folder) {
    if (folder.empty())
        refuse_folder("write into", folder, "empty folder name");
    struct stat info {};
    if (::stat(folder.c_str(), &info) == 0) {
        if (!S_ISDIR(info.st_mode))
            refuse_folder("write into", folder, "it is not a directory");
        return true;
    }
    if (errno != ENOENT)
        refuse_folder("write into", folder, std::strerror(errno));
    if (::lstat(folder.c_str(), &info) == 0)
        refuse_folder("create", folder, "it is a symbolic link to a missing path");
    const fs::path parent =
        fs::path(folder).parent_path().empty() ? fs::path(".") : fs::path(folder).parent_path();
    std::error_code error;
    if (!fs::is_directory(parent, error))
        refuse_folder("create", folder, "directory '" + quoted_path(parent.string()) + "' does not exist");
    if (::access(parent.c_str(), W_OK | X_OK) != 0)
        refuse_folder("create", folder, std::strerror(errno));
    return false;
}

// check_folder, then creates it if missing. Returns whether it was created here.
bool create_folder(const std::string& folder) {
    if (check_folder(folder))
        return false;
    if (::mkdir(folder.c_str(), 0777) != 0) {
        if (errno == EEXIST && check_folder(folder))
            return false; // made meanwhile by someone else: a directory is all we need
        refuse_folder("create", folder, std::strerror(errno));
    }
    return true;
}

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

void check_export_folder(const std::string& folder) {
    if (!check_folder(folder))
        return; // a new folder: nothing in it yet
    for (const std::string& name : run_file_names())
        require_writable((fs::path(folder) / name).string());
}

void prepare_export_folder(const std::string& folder) {
    create_folder(folder);
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

void stage_bench_plot(AtomicFileSet& files, const Plot& plot, PlotFileFormat format, const std::string& path,
                      bool dark) {
    const bool pixels = format == PlotFileFormat::png;
    const float width = pixels ? kPngWidth : kVectorWidth, height = pixels ? kPngHeight : kVectorHeight;
    const float scale = plot_scale_for_size(width, height);
    stage_plot(files, plot, dark ? PlotStyle::dark(scale) : PlotStyle::light(scale), format, path, width,
               height);
}

void export_bench_plot(const Plot& plot, PlotFileFormat format, const std::string& path, bool dark) {
    AtomicFileSet file;
    stage_bench_plot(file, plot, format, path, dark);
    file.commit();
}

BenchExportResult export_bench_run(const BenchRun& run, const std::string& folder,
                                   const std::vector<PlotFileFormat>& formats) {
    BenchExportResult result;
    const auto path = [&](const std::string& name) { return (fs::path(folder) / name).string(); };
    if (run.points.empty()) {
        result.notes.push_back("nothing written: the run has no points ('" + quoted_path(folder) +
                               "' left as it was)");
        return result;
    }
    const std::string json = checked_bench_json(run, path("bench.json"));
    const bool created = create_folder(folder);
    try {
        AtomicFileSet files;
        files.write(path("bench.csv"), [&](std::ostream& out) { out << bench_csv_text(run); });
        std::set<std::string> plots;
        if (!formats.empty() && !plot_export_available())
            result.notes.push_back("plots not written: " + plot_export_unavailable_reason());
        else
            for (BenchPlotKind kind : plot_kinds_with_data(run)) {
                BenchPlotOptions options;
                options.kind = kind;
                const Plot plot = build_bench_plot({&run}, options);
                for (PlotFileFormat format : formats) {
                    const std::string name = std::string(name_of(kind)) + extension_of(format);
                    stage_bench_plot(files, plot, format, path(name));
                    plots.insert(name);
                }
            }
        for (const std::string& name : run_file_names())
            if (name != "bench.json" && name != "bench.csv" && plots.count(name) == 0)
                files.remove_on_commit(path(name)); // an older run's plot: it must not sit beside this run
        files.write(path("bench.json"), [&](std::ostream& out) { out << json; });
        files.commit();
        result.written = files.targets();
    } catch (...) {
        if (created) {
            std::error_code ignored;
            fs::remove(folder, ignored); // only if still empty
        }
        throw;
    }
    return result;
}

} // namespace prefixlab
