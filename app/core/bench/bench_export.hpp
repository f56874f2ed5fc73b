// Writes a benchmark run's files into a folder: bench.json (the results, readable again), bench.csv
// and, where this PrefixLab has Cairo, every plot that has data as PNG, SVG and PDF. Shared by
// `prefixlab bench --out DIR` and the GUI's export, so both produce the same set. Every file is
// written atomically: a failure leaves the files written before it and no partial file.
#pragma once

#include "../plot/plot_export.hpp"
#include "bench_plots.hpp"
#include "bench_results.hpp"

#include <string>
#include <vector>

namespace prefixlab {

struct BenchExportResult {
    std::vector<std::string> written; // paths, in the order written
    std::vector<std::string> notes;   // e.g. "plots not written: this PrefixLab was built without Cairo"
};

// Creates `folder` if its parent exists; throws FileError (one line) when it cannot.
void prepare_export_folder(const std::string& folder);

// The plots worth drawing for this run (a block sweep only where several block sizes were measured).
std::vector<BenchPlotKind> plot_kinds_with_data(const BenchRun& run);

// Exports a plot in `format` to `path`: 1600 × 900 pixels (PNG) or 800 × 450 points (SVG, PDF), the
// proportions of a slide, in the light (slide) or dark (app) style.
void export_bench_plot(const Plot& plot, PlotFileFormat format, const std::string& path, bool dark = false);

// ".png", ".svg", ".pdf"
const char* extension_of(PlotFileFormat format);

BenchExportResult export_bench_run(const BenchRun& run, const std::string& folder,
                                   const std::vector<PlotFileFormat>& formats);

} // namespace prefixlab
