#include "core/bench/bench_export.hpp"

#include "core/bench/bench_csv.hpp"
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/plot/plot_layout.hpp"
#include "core/util/atomic_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

constexpr float kPngWidth = 1600, kPngHeight = 900;      // pixels: a 16:9 slide
constexpr float kVectorWidth = 800, kVectorHeight = 450; // points: scales without loss

constexpr PlotFileFormat kAllFormats[] = {PlotFileFormat::png, PlotFileFormat::svg, PlotFileFormat::pdf};
constexpr const char* kResultsFileName = "bench.json";
constexpr const char* kTableFileName = "bench.csv";

// Every file name a run's export owns in its folder, whether this run writes it or not: the plots
// of a run of the default scan and those of each scan of a run that names its scans.
std::vector<std::string> run_file_names() {
    std::vector<std::string> names = {kResultsFileName, kTableFileName};
    std::vector<std::optional<BenchScan>> scans = {std::nullopt};
    for (const BenchScan& scan : all_bench_scans())
        scans.push_back(scan);
    for (const std::optional<BenchScan>& scan : scans)
        for (BenchPlotKind kind : all_bench_plot_kinds())
            for (PlotFileFormat format : kAllFormats)
                names.push_back(bench_plot_file_name(kind, format, scan));
    return names;
}

[[noreturn]] void refuse_folder(const std::string& verb, const std::string& folder,
                                const std::string& reason) {
    throw FileError("cannot " + verb + " '" + quoted_path(folder) + "': " + reason);
}

// The folder exists as a directory (a link to one is fine: the files go inside it, the link stays),
// or it is missing and its parent is a writable directory. Returns whether it exists.
bool check_folder(const std::string& folder) {
    require_folder_named(folder);
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

void stage_bench_plot(AtomicFileSet& files, const Plot& plot, PlotFileFormat format, const std::string& path,
                      bool dark) {
    const bool pixels = format == PlotFileFormat::png;
    const float width = pixels ? kPngWidth : kVectorWidth, height = pixels ? kPngHeight : kVectorHeight;
    const float scale = plot_scale_for_size(width, height);
    stage_plot(files, plot, dark ? PlotStyle::dark(scale) : PlotStyle::light(scale), format, path, width,
               height);
}

// One plot file to draw (in each format): its kind, and its scan where the file name says it.
struct PlotToDraw {
    BenchPlotKind kind;
    BenchScan scan;
    std::optional<BenchScan> named; // the scan, where the primary run names scans
};

std::vector<PlotToDraw> plots_to_draw(const BenchExportRequest& request, const std::vector<const BenchRun*>& runs) {
    if (request.plots == BenchExportPlots::none)
        return {};
    if (runs.empty()) // the current plot, empty
        return request.plots == BenchExportPlots::current
                   ? std::vector<PlotToDraw>{{request.source.options.kind, kDefaultBenchScan, std::nullopt}}
                   : std::vector<PlotToDraw>{};
    const BenchRun& primary = *runs.front();
    const bool named = names_scans(primary);
    const auto to_draw = [&](BenchPlotKind kind, const BenchScan& scan) {
        return PlotToDraw{kind, scan, named ? std::optional(scan) : std::nullopt};
    };
    if (request.plots == BenchExportPlots::current)
        return {to_draw(request.source.options.kind, plotted_scan(runs, request.source.options))};
    std::vector<BenchScan> scans = scans_of(primary);
    if (request.source.options.scan || scans.empty())
        scans = {plotted_scan(runs, request.source.options)};
    std::vector<PlotToDraw> plots;
    for (const BenchScan& scan : scans)
        for (BenchPlotKind kind : plot_kinds_with_data(primary, scan))
            plots.push_back(to_draw(kind, scan));
    return plots;
}

// A plot as exported: the series the user hid are left out, as on screen (where they are only masked,
// so that they can be shown again).
Plot plot_to_export(const std::vector<const BenchRun*>& runs, const BenchPlotSource& source, const PlotToDraw& what) {
    BenchPlotOptions options = source.options;
    options.kind = what.kind;
    options.scan = what.scan;
    Plot plot = build_bench_plot(runs, options);
    std::erase_if(plot.series, [&](const PlotSeries& s) { return source.options.hidden_series.count(s.name) != 0; });
    return plot;
}

// Stages each plot the request asks for in each format; returns the file names staged.
std::set<std::string> stage_plots(AtomicFileSet& files, const BenchExportRequest& request,
                                  const fs::path& folder, std::vector<std::string>& notes) {
    std::set<std::string> names;
    if ((request.plots == BenchExportPlots::none && request.named_plots.empty()) || request.formats.empty())
        return names;
    if (!plot_export_available()) {
        notes.push_back("plots not written: " + plot_export_unavailable_reason());
        return names;
    }
    std::vector<const BenchRun*> runs;
    for (const auto& run : request.source.runs)
        runs.push_back(run.get());
    for (const PlotToDraw& what : plots_to_draw(request, runs)) {
        const Plot plot = plot_to_export(runs, request.source, what);
        for (PlotFileFormat format : request.formats) {
            const std::string name = bench_plot_file_name(what.kind, format, what.named);
            stage_bench_plot(files, plot, format, (folder / name).string(), request.source.dark);
            names.insert(name);
        }
    }
    for (const auto& [stem, plot] : request.named_plots)
        for (PlotFileFormat format : request.formats) {
            const std::string name = stem + extension_of(format);
            stage_bench_plot(files, plot, format, (folder / name).string(), request.source.dark);
            names.insert(name);
        }
    return names;
}

} // namespace

std::string bench_plot_file_name(BenchPlotKind kind, PlotFileFormat format, const std::optional<BenchScan>& scan) {
    std::string name(name_of(kind));
    if (scan) {
        name += '-';
        name += bench_scan_name(*scan);
    }
    return name + extension_of(format);
}

void check_export_folder(const std::string& folder) {
    if (!check_folder(folder))
        return; // a new folder: nothing in it yet
    for (const std::string& name : run_file_names())
        require_writable((fs::path(folder) / name).string());
}

std::vector<BenchPlotKind> plot_kinds_with_data(const BenchRun& run, const std::optional<BenchScan>& scan) {
    std::vector<BenchPlotKind> kinds;
    for (BenchPlotKind kind : all_bench_plot_kinds()) {
        BenchPlotOptions options;
        options.kind = kind;
        options.scan = scan;
        const Plot plot = build_bench_plot({&run}, options);
        if (!plot.series.empty())
            kinds.push_back(kind);
    }
    return kinds;
}

BenchExportResult export_bench(const BenchExportRequest& request, const std::string& folder) {
    if (request.results && request.source.runs.empty())
        throw std::invalid_argument("export_bench: results asked for without a run");
    const auto path = [&](const std::string& name) { return (fs::path(folder) / name).string(); };
    // Results the format refuses stop the export before anything is drawn or created.
    const std::string json =
        request.results ? checked_bench_json(*request.source.runs.front(), path(kResultsFileName)) : "";
    BenchExportResult result;
    const bool created = create_folder(folder);
    try {
        AtomicFileSet files;
        std::set<std::string> staged;
        if (request.results) {
            files.write(path(kTableFileName),
                        [&](std::ostream& out) { out << bench_csv_text(*request.source.runs.front()); });
            staged = {kTableFileName, kResultsFileName}; // bench.json is written last, below
        }
        staged.merge(stage_plots(files, request, folder, result.notes));
        if (request.replaces_older_run)
            for (const std::string& name : run_file_names())
                if (staged.count(name) == 0)
                    files.remove_on_commit(path(name)); // an older run's: it must not sit beside this run
        if (request.results)
            files.write(path(kResultsFileName), [&](std::ostream& out) { out << json; });
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

BenchExportRequest run_export_request(const BenchRun& run, BenchExportPlots plots,
                                      const std::vector<PlotFileFormat>& formats) {
    BenchExportRequest request;
    request.source.runs = {std::make_shared<const BenchRun>(run)};
    request.plots = plots;
    request.formats = formats;
    request.results = true;
    request.replaces_older_run = true;
    return request;
}

BenchExportResult export_bench_run(const BenchRun& run, const std::string& folder,
                                   const std::vector<PlotFileFormat>& formats) {
    if (run.points.empty()) {
        BenchExportResult result;
        result.notes.push_back("nothing written: the run has no points ('" + quoted_path(folder) +
                               "' left as it was)");
        return result;
    }
    return export_bench(run_export_request(run, BenchExportPlots::every_kind_with_data, formats), folder);
}

} // namespace prefixlab
