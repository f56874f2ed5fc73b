#include "cli/reduce_command.hpp"

#include "cli/command_line.hpp"
#include "cli/option_values.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/reduce_table.hpp"
#include "core/bench/reduce_table_csv.hpp"
#include "core/bench/reduce_table_figure.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/capture/grid_reduce_run.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/format_value.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/scan_setup.hpp"
#include "core/plot/plot_export.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/interrupts.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>

namespace prefixlab {

namespace {

constexpr std::uint64_t kMaxReduceN = std::uint64_t(std::numeric_limits<int>::max());

std::uint64_t one_size(const std::string& text, std::uint64_t most) {
    std::vector<std::uint64_t> sizes;
    try {
        sizes = parse_bench_sizes(text);
    } catch (const BenchSpecError& e) {
        throw BadInput(e.what());
    }
    if (sizes.size() != 1)
        throw BadInput("--n '" + printable(text) + "': expected one size, like 1000 or 2^20");
    if (sizes[0] > most)
        throw BadInput("--n '" + printable(text) + "': at most " + std::to_string(most) + " elements" +
                       (most == kMaxEmulatedReduceN ? std::string(" in the emulator (2^22)") : std::string()));
    return sizes[0];
}

template <class Value, class Parse>
Value parsed(const std::string& option, const std::string& text, Parse parse, const std::string& expected) {
    const auto value = parse(text);
    if (!value)
        throw BadInput(option + ": unknown value '" + printable(text) + "' (" + expected + ")");
    return *value;
}

BlockAlgorithm reduction_named(const std::string& text) {
    const BlockAlgorithm algorithm = parsed<BlockAlgorithm>("--algo", text, parse_block_algorithm,
                                                            "prefixlab trace --list shows the algorithms");
    if (kind_of(algorithm) != KernelKind::block_reduce)
        throw BadInput("--algo '" + printable(text) + "': not a block reduction (the reduce-… kernels of prefixlab trace --list)");
    if (is_racy(algorithm)) // the quiz's wrong reduction: it may hang a GPU, and its total means nothing
        throw BadInput("--algo '" + printable(text) + "': a quiz's wrong fragment, never run across blocks " +
                       "('prefixlab quiz --question 1' runs it)");
    return algorithm;
}

} // namespace

void add_reduce_commands(CLI::App& app, ReduceCommandOptions& r, ReduceTableCommandOptions& t) {
    CLI::App* reduce = app.add_subcommand(
        "reduce", "Reduce N elements across blocks with a block reduction and a finish; check the total");
    reduce->add_option("--algo", r.algorithm, "A block reduction (the reduce-… kernels of trace --list)")
        ->capture_default_str();
    reduce->add_option("--n", r.n, "Number of elements, like 1000 or 2^20 (the emulator takes up to 2^22)")
        ->capture_default_str();
    reduce->add_option("--finish", r.finish, "recursive, atomic or cpu")->capture_default_str();
    add_whole_number_option(*reduce, "--threads", r.threads, 1, 1024, "Threads a block, a power of two from 32 to 1024");
    reduce->add_option("--type", r.type, "Element type: int32, uint32 or float")->capture_default_str();
    reduce->add_option("--op", r.op, "Operator: add, max or min")->capture_default_str();
    reduce->add_option("--input", r.input, "Input: ones, iota or random")->capture_default_str();
    add_whole_number_option(*reduce, "--seed", r.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed for --input random, 0 to 2^64-1");
    reduce->add_option("--device", r.device, "auto (GPU if present), gpu or cpu (the emulator)")->capture_default_str();

    CLI::App* table = app.add_subcommand(
        "reduce-table", "Harris's reduction table on this GPU: every reduction, CUB, Thrust, the CPU, at each N");
    table->add_option("--n", t.sizes, "Sizes: 2^22, ranges like 2^10..2^30, comma-separated")->capture_default_str();
    add_whole_number_option(*table, "--threads", t.threads, 1, 1024,
                            "Threads a block of Harris's rows, a power of two from 32 to 1024 (he used 128)");
    add_whole_number_option(*table, "--reps", t.repetitions, 1, 1000, "Timed repetitions a row, 1 to 1000");
    add_whole_number_option(*table, "--warmup", t.warmup, 0, 100, "Untimed runs before them, 0 to 100");
    add_whole_number_option(*table, "--seed", t.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed of the random input, 0 to 2^64-1");
    add_path_option(*table, "--csv", t.csv, PathKind::file, "Write every table to this CSV file as well");
    add_path_option(*table, "--image", t.image, PathKind::file,
                    "Write each table as a 1600x900 slide: FILE.png, .svg or .pdf (-nN before the extension "
                    "when there are several)");
    CLI::Option* from = add_path_option(*table, "--from", t.from, PathKind::file,
                                        "Show the tables of this CSV (written by --csv) instead of timing");
    for (const char* timing : {"--n", "--threads", "--reps", "--warmup", "--seed"})
        from->excludes(timing);
}

int run_reduce_command(const ReduceCommandOptions& o) {
    try {
        GridReduceRequest request;
        request.algorithm = reduction_named(o.algorithm);
        const DeviceChoice device = parsed<DeviceChoice>("--device", o.device, parse_device_choice, "auto, gpu or cpu");
        const bool on_gpu = device == DeviceChoice::gpu || (device == DeviceChoice::automatic && gpu_info().available);
        const std::uint64_t n = one_size(o.n, on_gpu ? kMaxReduceN : kMaxEmulatedReduceN);
        request.finish = parsed<ReduceFinish>("--finish", o.finish, parse_reduce_finish, "recursive, atomic or cpu");
        if ((o.threads & (o.threads - 1)) != 0 || o.threads < kMinReduceThreads)
            throw BadInput("--threads '" + std::to_string(o.threads) + "': expected " + reduce_threads_rule());
        request.threads = o.threads;
        request.type = parsed<ElementType>("--type", o.type, parse_element_type, "int32, uint32 or float");
        request.op = parsed<ScanOperator>("--op", o.op, parse_scan_operator, "add, max or min");
        const InputKind input = parsed<InputKind>("--input", o.input, parse_input_kind, "ones, iota or random");
        request.input = generate_input(input, request.type, request.op, static_cast<int>(n), o.seed);
        const GridReduceRun run = run_grid_reduce_on(request, device);
        const std::uint32_t total = run.total;
        const OutputCheck check = check_reduction_output(request.type, request.op, request.input, {total}, run.longest_path);
        // A float sum is checked against the exact sum within its bound (the serial float loop's own total
        // stops growing at 2^24 when it adds values below 1: no reference past that).
        const bool float_sum = request.type == ElementType::float32 && request.op == ScanOperator::add;
        char reference[96];
        if (float_sum)
            std::snprintf(reference, sizeof reference, "exact %.9g (bound ±%.3g)", check.exact[0], check.bound[0]);
        else
            std::snprintf(reference, sizeof reference, "reference %s",
                          format_value(request.type, check.reference[0], false).c_str());
        printf_to_terminal(
            stdout, "reduced N=%llu with %s (%s finish, %d threads) on %s in %.3f s: total %s, %s: %s\n",
            static_cast<unsigned long long>(n), std::string(name_of(request.algorithm)).c_str(),
            std::string(name_of(request.finish)).c_str(), request.threads,
            run.on_gpu ? gpu_info().name.c_str() : "the CPU emulator", run.seconds,
            format_value(request.type, total, false).c_str(), reference,
            check.wrong_count == 0 ? "correct" : "WRONG");
        return check.wrong_count == 0 ? kExitOk : kExitFailure;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

namespace {

// Where table `n` of `count` goes: the path itself for one table, else "-nN" before its extension.
std::string image_path(const std::string& path, std::uint64_t n, std::size_t count) {
    if (count == 1)
        return path;
    const std::filesystem::path p(path);
    return (p.parent_path() / (p.stem().string() + "-n" + std::to_string(n) + p.extension().string())).string();
}

PlotFileFormat image_format(const std::string& path) {
    const std::optional<PlotFileFormat> format = plot_format_from_path(path);
    if (!format)
        throw BadInput("--image '" + printable_path(path) + "': expected a file name ending in .png, .svg or .pdf");
    if (!plot_export_available())
        throw BadInput("--image: " + plot_export_unavailable_reason());
    return *format;
}

// The slide of each table; a table's file appears whole or not at all.
void write_images(const std::string& path, const std::vector<ReduceTable>& tables) {
    const PlotFileFormat format = image_format(path);
    constexpr float kWidth = 1600, kHeight = 900;
    for (const ReduceTable& table : tables) {
        const std::string file = image_path(path, table.n, tables.size());
        export_table_figure(reduce_table_figure(table), PlotStyle::light(plot_scale_for_size(kWidth, kHeight)),
                            format, file, kWidth, kHeight);
        printf_to_terminal(stdout, "wrote %s\n", file.c_str());
    }
}

int show_tables_from(const ReduceTableCommandOptions& o) {
    if (!o.image.empty())
        image_format(o.image);
    std::vector<ReduceTable> tables;
    try {
        tables = read_reduce_table_csv(o.from);
    } catch (const InputLimitError& e) { // a file that is not a table is the user's input: exit 2
        throw BadInput(e.what());
    } catch (const ReduceTableCsvError& e) {
        throw BadInput(e.what());
    }
    for (const ReduceTable& table : tables)
        printf_to_terminal(stdout, "%s\n", reduce_table_text(table).c_str());
    if (!o.csv.empty())
        write_file_atomically(o.csv, [&](std::ostream& out) { write_reduce_table_csv(out, tables); });
    if (!o.image.empty())
        write_images(o.image, tables);
    return kExitOk;
}

} // namespace

int run_reduce_table_command(const ReduceTableCommandOptions& o) {
    try {
        if (!o.from.empty())
            return show_tables_from(o);
        if (!o.image.empty()) {
            image_format(o.image);
            require_writable(o.image);
        }
        std::vector<std::uint64_t> sizes;
        try {
            sizes = parse_bench_sizes(o.sizes);
        } catch (const BenchSpecError& e) {
            throw BadInput(e.what());
        }
        // What a reduction table CSV may hold (kMaxReduceTables), so that whatever this writes reads back.
        if (sizes.size() > kMaxReduceTables)
            throw BadInput("--n: " + std::to_string(sizes.size()) + " sizes, more than the " +
                           std::to_string(kMaxReduceTables) + " tables a reduction table CSV holds");
        for (std::uint64_t n : sizes)
            if (n > kMaxReduceN)
                throw BadInput("--n: " + std::to_string(n) + " is more than the " + std::to_string(kMaxReduceN) +
                               " elements a table takes");
        if ((o.threads & (o.threads - 1)) != 0 || o.threads < kMinReduceThreads)
            throw BadInput("--threads '" + std::to_string(o.threads) + "': expected " + reduce_threads_rule());
        if (!o.csv.empty())
            require_writable(o.csv); // fail before the work, not after it
        ReduceTableOptions options;
        options.threads = o.threads;
        options.repetitions = o.repetitions;
        options.warmup = o.warmup;
        options.seed = o.seed;
        const InterruptibleWork interruptible;
        std::vector<ReduceTable> tables;
        bool wrong = false;
        for (std::uint64_t n : sizes) {
            if (interrupt_requested())
                break;
            printf_to_terminal(stderr, "N = %llu:", static_cast<unsigned long long>(n));
            tables.push_back(run_reduce_table(
                n, options, [](const std::string& row) { printf_to_terminal(stderr, " %s;", row.c_str()); },
                [] { return interrupt_requested(); }));
            printf_to_terminal(stderr, "\n");
            printf_to_terminal(stdout, "%s\n", reduce_table_text(tables.back()).c_str());
            std::fflush(stdout);
            for (const ReduceTableRow& row : tables.back().rows)
                wrong = wrong || !row.correct;
        }
        if (!o.csv.empty() && !tables.empty()) {
            write_file_atomically(o.csv, [&](std::ostream& out) { write_reduce_table_csv(out, tables); });
            printf_to_terminal(stdout, "wrote %s\n", o.csv.c_str());
        }
        if (!o.image.empty() && !tables.empty())
            write_images(o.image, tables);
        if (interrupt_requested())
            return report_interrupted("after " + std::to_string(tables.size()) + " of " +
                                      std::to_string(sizes.size()) + " tables: the finished ones are kept");
        return wrong ? kExitFailure : kExitOk;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
