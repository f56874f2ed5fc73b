// The one benchmark export: a run's results (bench.json, readable again, and bench.csv) and its plots
// as PNG, SVG and PDF, written into a folder. `prefixlab bench --out DIR` exports the run it measured
// (export_bench_run); the GUI's Benchmark tab exports what it shows — the result sets on show, its plot
// options and series preset, the series the user hid, its light or dark style — on its background
// thread (export_bench). File names follow one rule (bench_plot_file_name).
//
// An export's files are written to temporary files and committed together (AtomicFileSet,
// atomic_file.hpp): a failure or an interrupt before the commit leaves the folder's older files as they
// were; after it, the whole export is there. bench.json is renamed last: it marks a complete run.
// Replacing a run (the command line) also removes, in the same commit, the plots of an older run that
// this run does not rewrite (another format, a plot without data now), so the folder holds exactly one
// run's files.
#pragma once

#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_results.hpp"
#include "core/plot/plot_export.hpp"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

struct BenchExportResult {
    std::vector<std::string> written; // paths, in the order written
    std::vector<std::string> notes;   // e.g. "plots not written: this PrefixLab was built without Cairo"
};

// The file a plot is exported to, in every export: "time.png", "block-sweep.svg"; the plot of one scan
// of a run that holds scans other than the default (names_scans, bench_scan.hpp) says which:
// "time-float-add.png", "speedup-uint32-add-exclusive.svg". A run of several scans gets one plot set
// per scan rather than all scans on one plot: a slide shows one scan's algorithms against its
// baselines, and a dozen algorithms times several scans on one plot would not read.
std::string bench_plot_file_name(BenchPlotKind kind, PlotFileFormat format,
                                 const std::optional<BenchScan>& scan = std::nullopt);

// The plots worth drawing for this run's `scan` (nullopt: its first scan): a block sweep only where
// several block sizes were measured.
std::vector<BenchPlotKind> plot_kinds_with_data(const BenchRun& run,
                                                const std::optional<BenchScan>& scan = std::nullopt);

// What an export draws its plots from, as the Benchmark tab shows them.
struct BenchPlotSource {
    // The result sets, primary first: the results exported are its, "every plot" means every plot it
    // has data for, and speedups and crossovers come from it. Shared, so that an export running on a
    // background thread keeps them alive while the list on screen changes.
    std::vector<std::shared_ptr<const BenchRun>> runs;
    BenchPlotOptions options;            // the current plot's kind, the series preset, transfers, …
    bool dark = false;                   // the app's dark style; the light one suits slides
};

enum class BenchExportPlots {
    none,
    current,              // options.kind
    // plot_kinds_with_data(primary run), each drawn over all the runs: for options.scan, or where it is
    // unset, for every scan of the primary run (one plot set each, named by bench_plot_file_name)
    every_kind_with_data,
};

struct BenchExportRequest {
    BenchPlotSource source;
    BenchExportPlots plots = BenchExportPlots::none;
    std::vector<PlotFileFormat> formats; // each plot in each of these
    bool results = false;                // bench.json and bench.csv of the primary run
    bool replaces_older_run = false;     // remove the names a run's export owns that this one does not write
    // Plots of their own beside the kinds above, each as its file's name without the extension ("tune")
    // and the plot, written in every format (the tuning sweep's: bench_tuning.hpp).
    std::vector<std::pair<std::string, Plot>> named_plots = {};
};

// Checks before the work everything the export will need: `folder` is a directory, or can be created
// (its parent is), and every file name a run's export owns there (bench.json, bench.csv, each plot in
// each format) is a regular file or absent (atomic_file.hpp's policy). Creates nothing; FileError.
void check_export_folder(const std::string& folder);

// Writes what `request` asks for into `folder`, created if missing (and removed again if the export
// fails while it is still empty). Plots are PNG of 1600 × 900 pixels or SVG and PDF of 800 × 450
// points, the proportions of a slide. Throws FileError (one line) for a folder or file it may not
// write, or BenchFileError for results the format refuses (checked before anything is drawn). Where
// this PrefixLab has no Cairo the plots are left out with a note.
BenchExportResult export_bench(const BenchExportRequest& request, const std::string& folder);

// The export of one run as `prefixlab bench` and `prefixlab tune` write it: its results and `plots`, in
// `formats`, replacing an older run's files.
BenchExportRequest run_export_request(const BenchRun& run, BenchExportPlots plots,
                                      const std::vector<PlotFileFormat>& formats);

// `prefixlab bench --out DIR`: the run's results and every plot it has data for, light, in `formats`,
// replacing an older run's files. A run with no points writes nothing and leaves the folder as it
// was (a note says so): an empty run must not replace an older one.
BenchExportResult export_bench_run(const BenchRun& run, const std::string& folder,
                                   const std::vector<PlotFileFormat>& formats);

} // namespace prefixlab
