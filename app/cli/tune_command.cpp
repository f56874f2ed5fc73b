#include "cli/tune_command.hpp"

#include "cli/bench_console.hpp"
#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_export.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/bench_tuning.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/entry/exit_status.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/interrupts.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>

namespace prefixlab {

namespace {

// One --items value: a whole number the tuned scans are built for.
int parse_items(const std::string& text) {
    const std::vector<int>& choices = tuning_item_choices();
    std::uint64_t items = 0;
    try {
        items = parse_whole_number(text, 1, 1024);
    } catch (const std::exception&) {
        throw CLI::ValidationError("--items '" + text + "': expected one of " + item_choices_text());
    }
    if (std::find(choices.begin(), choices.end(), int(items)) == choices.end())
        throw CLI::ValidationError("--items '" + text + "': expected one of " + item_choices_text() +
                                   " (the tiles the tuned scan is built for)");
    return int(items);
}

TuneSettings settings_of(const TuneCommandOptions& options) {
    TuneSettings settings;
    settings.items = options.items;
    if (!options.block_sizes.empty())
        settings.block_sizes = options.block_sizes;
    settings.sizes = parse_bench_sizes(options.sizes);
    settings.repetitions = options.repetitions;
    settings.warmup = options.warmup;
    settings.seed = options.seed;
    settings.label = options.label;
    settings.command = options.command;
    return settings;
}

} // namespace

void add_tune_command(CLI::App& app, TuneCommandOptions& o) {
    CLI::App* tune = app.add_subcommand(
        "tune", "Time the tuned scan at each elements per thread × threads per block against the copy and CUB");
    tune->add_option_function<std::vector<std::string>>(
            "--items",
            [&o](const std::vector<std::string>& items) {
                for (const std::string& item : items)
                    o.items.push_back(parse_items(item));
            },
            "Elements per thread, one or more of " + item_choices_text() + " (default: all)")
        ->delimiter(',')
        ->type_name("INT");
    add_block_sizes_option(*tune, o.block_sizes,
                           "Threads per block, powers of two from 32 to 1024 (default: 64,128,256,512)");
    tune->add_option("--n", o.sizes, "Sizes: 2^28, 1000, ranges of powers of two like 2^24..2^28, comma-separated")
        ->capture_default_str();
    add_bench_run_options(*tune, o, "the tuning plot");
}

int run_tune_command(const TuneCommandOptions& options) {
    try {
        if (options.out.empty())
            throw BadInput("--out DIR is required (the folder for bench.json, bench.csv and the tuning plot)");
        const BenchSpec spec = tuning_bench_spec(settings_of(options));
        const std::vector<PlotFileFormat> formats = parse_plot_formats(options.plots);
        check_export_folder(options.out); // fail before the work, not after it
        // Every point is a GPU's: without one, one line rather than a line per skipped algorithm.
        if (!gpu_info().available)
            return report_error("tune needs a CUDA GPU (" + gpu_info().reason + "): nothing written to '" +
                                    quoted_path(options.out) + "'",
                                kExitFailure);

        const InterruptibleWork interruptible;
        printf_to_terminal(
            stdout,
            "tuning %s at %zu tiles × %zu sizes, with copy and cub (Ctrl-C stops and writes the finished "
            "points)\n",
            kTunedAlgorithm, spec.items_per_thread.size() * spec.block_sizes.size(), spec.sizes.size());
        std::fflush(stdout);
        ConsoleObserver observer(false);
        const BenchRun run = run_bench(spec, observer);
        if (run.points.empty())
            return report_nothing_measured(run, options.out);
        for (std::uint64_t n : tuning_sizes(run))
            printf_to_terminal(stdout, "\n%s", tuning_table_text(run, n).c_str());
        return write_bench_files(run, options.out, observer.failed(), [&] {
            return export_bench(tuning_export_request(run, formats), options.out);
        });
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
