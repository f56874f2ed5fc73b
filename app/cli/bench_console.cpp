#include "cli/bench_console.hpp"

#include "cli/option_values.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/bench_table.hpp"
#include "core/entry/exit_status.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/interrupts.hpp"
#include "core/util/terminal_output.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace prefixlab {

void ConsoleObserver::on_point(const BenchPoint& point) {
    std::string name = point.algorithm;
    if (names_scans_)
        name += " " + bench_scan_name(point.scan);
    if (point.block_threads > 0)
        name += " @" + std::to_string(point.block_threads);
    if (point.items > 0)
        name += " " + std::to_string(point.items) + "/thread";
    printf_to_terminal(stdout, "[%3.0f%%] %-34s N = %-8s median %9s ms  (mean %s ± %s)  %7.1f GB/s",
                       100 * progress_.fraction, name.c_str(), format_size(point.n).c_str(),
                       format_ms(point.ms.median).c_str(), format_ms(point.ms.mean).c_str(),
                       format_ms(point.ms.stddev).c_str(), effective_gbps(point.n, point.ms.median));
    if (point.with_transfers_ms)
        printf_to_terminal(stdout, "  with transfers %s ms",
                           format_ms(point.with_transfers_ms->median).c_str());
    if (progress_.remaining_s >= 0)
        printf_to_terminal(stdout, "  ~%.0f s left", progress_.remaining_s);
    printf_to_terminal(stdout, "\n");
    std::fflush(stdout);
}

void ConsoleObserver::on_skip(const std::string& message) {
    printf_to_terminal(stderr, "prefixlab: %s\n", message.c_str());
}

void ConsoleObserver::on_failure(const std::string& message) {
    printf_to_terminal(stderr, "prefixlab: FAILED: %s\n", message.c_str());
    failed_ = true;
}

bool ConsoleObserver::cancelled() { return interrupt_requested(); }

void ConsoleObserver::on_summary(const std::string& line) {
    printf_to_terminal(stderr, "prefixlab: %s\n", line.c_str());
}

std::vector<PlotFileFormat> parse_plot_formats(const std::string& text) {
    std::vector<PlotFileFormat> formats;
    if (text == "none")
        return formats;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = text.substr(start, comma - start);
        const auto format = plot_format_from_path("x." + item);
        if (!format)
            throw BadInput("--plots: unknown format '" + item + "' (png, svg, pdf, or none)");
        formats.push_back(*format);
        start = comma + 1;
    }
    return formats;
}

// A run with no point writes nothing: an empty bench.json would replace an older run's results (and
// sit beside its plots). Interrupted, that is what the user asked for; otherwise every point was skipped.
int report_nothing_measured(const BenchRun& run, const std::string& folder) {
    if (run.cancelled)
        return report_interrupted("before the first point: nothing written to '" + quoted_path(folder) + "'");
    return report_error("nothing was measured (" + why_nothing_measured(run) + "): nothing written to '" +
                            quoted_path(folder) + "'",
                        kExitFailure);
}

int write_bench_files(const BenchRun& run, const std::string& folder, bool failed,
                      const std::function<BenchExportResult()>& write) {
    if (run.cancelled)
        printf_to_terminal(
            stdout, "interrupted: %zu finished points kept (Ctrl-C again quits without writing them)\n",
            run.points.size());
    printf_to_terminal(stdout, "writing %s\n", folder.c_str());
    std::fflush(stdout);
    BenchExportResult exported;
    try {
        exported = write();
    } catch (const std::exception& e) {
        // The table above still has the numbers; nothing of the run was written.
        return report_error(std::string("results not written: ") + e.what(),
                            is_bad_input(e) ? kExitBadInput : kExitFailure);
    }
    for (const std::string& note : exported.notes)
        printf_to_terminal(stderr, "prefixlab: %s\n", note.c_str());
    printf_to_terminal(stdout, "wrote %zu files to %s (%zu points, %zu skipped)\n", exported.written.size(),
                       folder.c_str(), run.points.size(), run.skipped.size());
    if (failed)
        return kExitFailure;
    if (run.cancelled)
        return report_interrupted("during the sweep: its " + std::to_string(run.points.size()) +
                                  " finished points were written to '" + quoted_path(folder) + "'");
    // A first Ctrl-C after the sweep (during the export, which it does not stop: interrupts.hpp) is still
    // an interrupt: the files are whole, and the exit status says the user asked to stop.
    if (interrupt_requested())
        return report_interrupted("while the results were written: the whole run was written to '" +
                                  quoted_path(folder) + "'");
    return kExitOk;
}

void add_bench_run_options(CLI::App& command, BenchRunOptions& o, const std::string& plots_noun) {
    add_whole_number_option(command, "--reps", o.repetitions, 1, kMaxBenchRepetitions,
                            "Timed repetitions per point, 1 to " + std::to_string(kMaxBenchRepetitions));
    add_whole_number_option(command, "--warmup", o.warmup, 0, kMaxBenchWarmup,
                            "Untimed runs before them, 0 to " + std::to_string(kMaxBenchWarmup));
    add_whole_number_option(command, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed of the random input, 0 to 2^64-1");
    command.add_option("--label", o.label, "Legend label of this run (default: device and date)");
    add_path_option(command, "--out", o.out, PathKind::folder,
                    "Folder for bench.json, bench.csv and " + plots_noun + " (created if missing)");
    command.add_option("--plots", o.plots, "Plot formats: png,svg,pdf or none")->capture_default_str();
}

void add_block_sizes_option(CLI::App& command, std::vector<int>& target, const std::string& help) {
    command
        .add_option_function<std::vector<std::string>>(
            "--block",
            [&target](const std::vector<std::string>& items) {
                try {
                    for (const std::string& item : items)
                        target.push_back(parse_bench_block_size(item));
                } catch (const BenchSpecError& e) {
                    throw CLI::ValidationError(e.what());
                }
            },
            help)
        ->delimiter(',')
        ->type_name("INT");
}

} // namespace prefixlab
