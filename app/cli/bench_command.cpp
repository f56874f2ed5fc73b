#include "cli/bench_command.hpp"

#include "cli/bench_console.hpp"
#include "cli/command_line.hpp"
#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/bench_table.hpp"
#include "core/entry/exit_status.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/interrupts.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>

namespace prefixlab {

namespace {

void list_algorithms() {
    for (const BenchAlgorithm& algorithm : bench_algorithms())
        printf_to_terminal(stdout, "%s\n", algorithm.name.c_str());
}

} // namespace

void add_bench_command(CLI::App& app, BenchCommandOptions& o) {
    CLI::App* bench = app.add_subcommand("bench", "Time the scans across N against the CPU; write JSON, CSV and plots");
    bench->add_option("--algos", o.algorithms, "Algorithms, comma-separated, or all, gpu, cpu (--list shows them)")
        ->capture_default_str();
    bench->add_option("--scans", o.scans,
                      "Scans, comma-separated: TYPE-OP or TYPE-OP-exclusive, TYPE int32, uint32 or float, OP add, "
                      "max or min (e.g. uint32-add,float-add,int32-max-exclusive)")
        ->capture_default_str();
    bench->add_option("--n", o.sizes, "Sizes: 1000, 2^20, ranges of powers of two like 2^10..2^28, comma-separated")
        ->capture_default_str();
    add_block_sizes_option(*bench, o.block_sizes,
                           "Threads per block, one or more powers of two from 32 to 1024 (default: 1024-element tiles)");
    bench->add_option("--block-n", o.block_sizes_at,
                      "Sizes (from --n) at which to sweep the --block sizes; elsewhere each algorithm's default");
    add_bench_run_options(*bench, o, "the plots");
    bench->add_flag("--list", o.list, "Print the algorithm names, one a line, and exit");
}

int run_bench_command(const BenchCommandOptions& options) {
    if (options.list) {
        list_algorithms();
        return kExitOk;
    }
    try {
        if (options.out.empty())
            throw BadInput("--out DIR is required (the folder for bench.json, bench.csv and the plots)");
        BenchSpec spec;
        try {
            spec.algorithms = expand_bench_algorithms(options.algorithms);
        } catch (const BenchSpecError& e) {
            throw BadInput(std::string("--algos: ") + e.what());
        }
        spec.scans = parse_bench_scans(options.scans);
        spec.sizes = parse_bench_sizes(options.sizes);
        spec.block_sizes = options.block_sizes;
        if (!options.block_sizes_at.empty())
            spec.block_sweep_sizes = parse_bench_sizes(options.block_sizes_at, "--block-n");
        spec.repetitions = options.repetitions;
        spec.warmup = options.warmup;
        spec.seed = options.seed;
        spec.label = options.label;
        spec.command = options.command;
        validate_bench_spec(spec);
        const std::vector<PlotFileFormat> formats = parse_plot_formats(options.plots);
        check_export_folder(options.out); // fail before the work, not after it

        // Ctrl-C: the first stops the sweep (the finished points are written), a second quits at once
        // and writes nothing (interrupts.hpp).
        const InterruptibleWork interruptible;
        if (spec.scans.size() > 1)
            printf_to_terminal(stdout,
                               "timing %zu algorithms × %zu scans at %zu sizes (Ctrl-C stops and writes the "
                               "finished points)\n",
                               spec.algorithms.size(), spec.scans.size(), spec.sizes.size());
        else
            printf_to_terminal(
                stdout, "timing %zu algorithms at %zu sizes (Ctrl-C stops and writes the finished points)\n",
                spec.algorithms.size(), spec.sizes.size());
        std::fflush(stdout);
        ConsoleObserver observer(std::any_of(spec.scans.begin(), spec.scans.end(),
                                             [](const BenchScan& scan) { return scan != kDefaultBenchScan; }));
        const BenchRun run = run_bench(spec, observer);
        printf_to_terminal(stdout, "\n%s", bench_table_text(run).c_str());
        if (run.points.empty())
            return report_nothing_measured(run, options.out);
        return write_bench_files(run, options.out, observer.failed(),
                                 [&] { return export_bench_run(run, options.out, formats); });
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
