// What `prefixlab bench` and `prefixlab tune` share on the terminal: each point printed as it is
// measured, the plot formats of --plots, the line for a run that measured nothing, and the writing of
// a run's files.
#pragma once

#include "cli/bench_command.hpp" // BenchRunOptions
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/entry/exit_status.hpp" // kExitInterrupted
#include "core/plot/plot_export.hpp"

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace prefixlab {

// Prints each point as it is measured, with the sweep's progress and time left; in a sweep that
// names its scans (any other than uint32-add), each line says its scan; a tuning sweep's tile, its
// elements per thread.
class ConsoleObserver final : public BenchObserver {
public:
    explicit ConsoleObserver(bool names_scans) : names_scans_(names_scans) {}
    void on_progress(const BenchProgress& progress) override { progress_ = progress; }
    void on_point(const BenchPoint& point) override;
    void on_skip(const std::string& message) override;
    void on_failure(const std::string& message) override;
    bool cancelled() override;
    void on_summary(const std::string& line) override;
    bool failed() const { return failed_; }

private:
    bool names_scans_;
    BenchProgress progress_;
    bool failed_ = false;
};

// --reps, --warmup, --seed, --label, --out (the folder for bench.json, bench.csv and `plots_noun`)
// and --plots, in that order.
void add_bench_run_options(CLI::App& command, BenchRunOptions& o, const std::string& plots_noun);

// --block: threads per block, comma-separated powers of two from 32 to 1024, appended to `target`; a
// bad one is a CLI validation error naming it.
void add_block_sizes_option(CLI::App& command, std::vector<int>& target, const std::string& help);

// --plots: "png,svg,pdf" or "none"; BadInput for another name.
std::vector<PlotFileFormat> parse_plot_formats(const std::string& text);

// A run with no point writes nothing: an empty bench.json would replace an older run's results (and
// sit beside its plots). Interrupted, that is what the user asked for (130); otherwise every point
// was skipped (1). Prints the one line and returns the exit code.
int report_nothing_measured(const BenchRun& run, const std::string& folder);

// Writes a run that has points into `folder` with `write` (the command's export) and prints what it
// wrote, or the one line of why it could not. Returns the exit code: 2 or 1 where nothing was written,
// 1 where a point failed (`failed`), 130 for an interrupted run (a sweep a Ctrl-C stopped, or a Ctrl-C
// during the export, which finishes the files and then says so in one line), else 0.
int write_bench_files(const BenchRun& run, const std::string& folder, bool failed,
                      const std::function<BenchExportResult()>& write);

} // namespace prefixlab
