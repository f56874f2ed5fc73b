// Writes a benchmark run's files into a folder: bench.json (the results, readable again), bench.csv
// and, where this PrefixLab has Cairo, every plot that has data as PNG, SVG and PDF. Used by
// `prefixlab bench --out DIR`; the GUI's exports share the plot sizes (export_bench_plot).
//
// The folder ends up holding exactly this run's files: they are written to temporary files and
// committed together (AtomicFileSet, atomic_file.hpp), and the plots of an older run that this run
// does not rewrite (another format, a plot without data now) are removed in the same commit. A
// failure or an interrupt before the commit leaves the older run's files as they were; after it, the
// whole new run is there. bench.json is renamed last: it marks a complete run.
#pragma once

#include "../plot/plot_export.hpp"
#include "bench_plots.hpp"
#include "bench_results.hpp"

#include <string>
#include <vector>

namespace prefixlab {

class AtomicFileSet;

struct BenchExportResult {
    std::vector<std::string> written; // paths, in the order written
    std::vector<std::string> notes;   // e.g. "plots not written: this PrefixLab was built without Cairo"
};

// Checks before the work everything the export will need: `folder` is a directory, or can be created
// (its parent is), and every file name a run's export owns there (bench.json, bench.csv, each plot in
// each format) is a regular file or absent (atomic_file.hpp's policy). Creates nothing; FileError.
void check_export_folder(const std::string& folder);

// Creates `folder` if it is missing and its parent exists (the GUI's exports); throws FileError (one
// line) when it is not a directory or cannot be created.
void prepare_export_folder(const std::string& folder);

// The plots worth drawing for this run (a block sweep only where several block sizes were measured).
std::vector<BenchPlotKind> plot_kinds_with_data(const BenchRun& run);

// Exports a plot in `format` to `path`: 1600 × 900 pixels (PNG) or 800 × 450 points (SVG, PDF), the
// proportions of a slide, in the light (slide) or dark (app) style.
void export_bench_plot(const Plot& plot, PlotFileFormat format, const std::string& path, bool dark = false);

// The same, staged in `files` to be committed with others (the GUI's export of every plot).
void stage_bench_plot(AtomicFileSet& files, const Plot& plot, PlotFileFormat format, const std::string& path,
                      bool dark = false);

// ".png", ".svg", ".pdf"
const char* extension_of(PlotFileFormat format);

// A run with no points writes nothing and leaves the folder as it was (a note says so): an empty run
// must not replace an older one. Throws FileError, or BenchFileError for a run the results format
// refuses (checked before anything is drawn).
BenchExportResult export_bench_run(const BenchRun& run, const std::string& folder,
                                   const std::vector<PlotFileFormat>& formats);

} // namespace prefixlab
