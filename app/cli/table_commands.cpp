#include "cli/table_commands.hpp"

#include "cli/option_values.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/compact_table.hpp"
#include "core/bench/histogram_table.hpp"
#include "core/bench/segmented_table.hpp"
#include "core/bench/reduce_table.hpp"
#include "core/bench/sort_table.hpp"
#include "core/bench/timed_table_csv.hpp"
#include "core/bench/timed_table_figure.hpp"
#include "core/capture/grid_reduce_run.hpp" // kMinReduceThreads, reduce_threads_rule
#include "core/entry/exit_status.hpp"
#include "core/plot/plot_export.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/input_limits.hpp"
#include "core/util/interrupts.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <bit>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <vector>

namespace prefixlab {

namespace {

// One table to time: the line on stderr before its rows' names ("N = 4096, 1% kept:"), and the timing.
struct TableJob {
    std::string label;
    std::function<TimedTable(const RowProgress&, const Cancelled&)> time;
};

// A table command with the options every table takes (--n, --reps, --warmup, --seed, --csv); the caller
// adds the table's own.
CLI::App* add_table_command(CLI::App& app, const std::string& name, const std::string& description,
                            TableCommandOptions& o, const std::string& sizes_help) {
    CLI::App* table = app.add_subcommand(name, description);
    table->add_option("--n", o.sizes, sizes_help)->capture_default_str();
    add_whole_number_option(*table, "--reps", o.repetitions, 1, 1000, "Timed repetitions a row, 1 to 1000");
    add_whole_number_option(*table, "--warmup", o.warmup, 0, 100, "Untimed runs before them, 0 to 100");
    add_whole_number_option(*table, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed of the random input, 0 to 2^64-1");
    add_path_option(*table, "--csv", o.csv, PathKind::file, "Write every table to this CSV file as well");
    return table;
}

// "2^30" for a power of two, else the number.
std::string count_text(std::uint64_t n) {
    return std::has_single_bit(n) ? "2^" + std::to_string(std::countr_zero(n)) : std::to_string(n);
}

// The sizes of --n.
std::vector<std::uint64_t> table_sizes(const std::string& text) {
    std::vector<std::uint64_t> sizes;
    try {
        sizes = parse_bench_sizes(text);
    } catch (const BenchSpecError& e) {
        throw BadInput(e.what());
    }
    return sizes;
}

void require_sizes_at_most(const std::vector<std::uint64_t>& sizes, const TimedTableKind& kind) {
    for (std::uint64_t n : sizes)
        if (n > kind.max_n)
            throw BadInput("--n: " + std::to_string(n) + " is more than the " + count_text(kind.max_n) +
                           " elements a table takes");
}

// What a table CSV may hold (kMaxTimedTables), so that whatever a command writes reads back.
void require_table_count(std::size_t count, const std::string& what, const TimedTableKind& kind) {
    if (count > kMaxTimedTables)
        throw BadInput(what + ", more than the " + std::to_string(kMaxTimedTables) + " tables a " +
                       kind.name + " table CSV holds");
}

// Where table `n` of `count` goes: the path itself for one table, else "-nN" before its extension.
std::string image_path(const std::string& path, std::uint64_t n, std::size_t count) {
    if (count == 1)
        return path;
    const std::filesystem::path p(path);
    return (p.parent_path() / (p.stem().string() + "-n" + std::to_string(n) + p.extension().string()))
        .string();
}

PlotFileFormat image_format(const std::string& path) {
    const std::optional<PlotFileFormat> format = plot_format_from_path(path);
    if (!format)
        throw BadInput("--image '" + printable_path(path) +
                       "': expected a file name ending in .png, .svg or .pdf");
    if (!plot_export_available())
        throw BadInput("--image: " + plot_export_unavailable_reason());
    return *format;
}

// The slide of each table; a table's file appears whole or not at all.
void write_images(const std::string& path, const TimedTableKind& kind,
                  const std::vector<TimedTable>& tables) {
    const PlotFileFormat format = image_format(path);
    constexpr float kWidth = 1600, kHeight = 900;
    for (const TimedTable& table : tables) {
        const std::string file = image_path(path, table.n, tables.size());
        export_table_figure(timed_table_figure(kind, table),
                            PlotStyle::light(plot_scale_for_size(kWidth, kHeight)), format, file, kWidth,
                            kHeight);
        printf_to_terminal(stdout, "wrote %s\n", file.c_str());
    }
}

// --from: the tables of a CSV timed earlier, printed and written again as asked.
int show_tables_from(const std::string& from, const std::string& csv, const std::string& image,
                     const TimedTableKind& kind) {
    if (!image.empty())
        image_format(image);
    std::vector<TimedTable> tables;
    try {
        tables = read_timed_table_csv(from, kind);
    } catch (const InputLimitError& e) { // a file that is not a table is the user's input: exit 2
        throw BadInput(e.what());
    } catch (const TimedTableCsvError& e) {
        throw BadInput(e.what());
    }
    for (const TimedTable& table : tables)
        printf_to_terminal(stdout, "%s\n", timed_table_text(kind, table).c_str());
    if (!csv.empty())
        write_file_atomically(csv, [&](std::ostream& out) { write_timed_table_csv(out, kind, tables); });
    if (!image.empty())
        write_images(image, kind, tables);
    return kExitOk;
}

// The one loop: each table timed in turn, its rows' names on stderr as they start, the table on stdout
// when done; then the CSV and the slides of every table done, also after Ctrl-C.
int time_tables(const TimedTableKind& kind, const std::vector<TableJob>& jobs, const std::string& csv,
                const std::string& image) {
    if (!csv.empty())
        require_writable(csv); // fail before the work, not after it
    const InterruptibleWork interruptible;
    std::vector<TimedTable> tables;
    bool wrong = false;
    for (const TableJob& job : jobs) {
        if (interrupt_requested())
            break;
        printf_to_terminal(stderr, "%s:", job.label.c_str());
        tables.push_back(
            job.time([](const std::string& row) { printf_to_terminal(stderr, " %s;", row.c_str()); },
                     [] { return interrupt_requested(); }));
        printf_to_terminal(stderr, "\n");
        printf_to_terminal(stdout, "%s\n", timed_table_text(kind, tables.back()).c_str());
        std::fflush(stdout);
        for (const TimedRow& row : tables.back().rows)
            wrong = wrong || !row.correct;
    }
    if (!csv.empty() && !tables.empty()) {
        write_file_atomically(csv, [&](std::ostream& out) { write_timed_table_csv(out, kind, tables); });
        printf_to_terminal(stdout, "wrote %s\n", csv.c_str());
    }
    if (!image.empty() && !tables.empty())
        write_images(image, kind, tables);
    if (interrupt_requested())
        return report_interrupted("after " + std::to_string(tables.size()) + " of " +
                                  std::to_string(jobs.size()) + " tables: the finished ones are kept");
    return wrong ? kExitFailure : kExitOk;
}

TimedTableOptions timing_of(const TableCommandOptions& o) {
    TimedTableOptions options;
    options.repetitions = o.repetitions;
    options.warmup = o.warmup;
    options.seed = o.seed;
    return options;
}

// "1,50,99": whole percentages from 0 to 100.
std::vector<int> parse_shares(const std::string& text) {
    std::vector<int> shares;
    std::stringstream list(text);
    for (std::string item; std::getline(list, item, ',');) {
        try {
            shares.push_back(static_cast<int>(parse_whole_number(item, 0, 100)));
        } catch (const NumberError& e) {
            throw BadInput(value_problem("--keep", item, e.what()));
        }
    }
    if (shares.empty())
        throw BadInput("--keep: expected percentages from 0 to 100, like 1,50,99");
    return shares;
}

std::vector<std::uint32_t> parse_bins(const std::string& text) {
    std::vector<std::uint32_t> bins;
    std::stringstream list(text);
    for (std::string item; std::getline(list, item, ',');) {
        try {
            bins.push_back(static_cast<std::uint32_t>(parse_whole_number(item, 1, most_histogram_bins())));
        } catch (const NumberError& e) {
            throw BadInput(value_problem("--bins", item, e.what()));
        }
    }
    if (bins.empty())
        throw BadInput("--bins: expected numbers of bins from 1 to " + std::to_string(most_histogram_bins()) + ", like 2,256,4096");
    return bins;
}

// Uniform first, so that each skewed table finds its uniform one timed (its slowdown column).
std::vector<HistogramInput> parse_histogram_inputs(const std::string& text) {
    std::vector<HistogramInput> inputs;
    std::stringstream list(text);
    for (std::string item; std::getline(list, item, ',');) {
        bool known = false;
        for (HistogramInput input : {HistogramInput::uniform, HistogramInput::one_bin, HistogramInput::zipf})
            if (item == histogram_input_name(input)) {
                inputs.push_back(input);
                known = true;
            }
        if (!known)
            throw BadInput("--input: unknown value '" + item + "' (one of uniform, one-bin, zipf)");
    }
    if (inputs.empty())
        throw BadInput("--input: expected uniform, one-bin or zipf, comma-separated");
    std::stable_sort(inputs.begin(), inputs.end(),
                     [](HistogramInput a, HistogramInput b) { return a == HistogramInput::uniform && b != a; });
    return inputs;
}

// "1,1000": mean segment lengths from 1 to 2^30.
std::vector<std::uint64_t> parse_segment_lengths(const std::string& text) {
    std::vector<std::uint64_t> lengths;
    std::stringstream list(text);
    for (std::string item; std::getline(list, item, ',');) {
        try {
            lengths.push_back(parse_whole_number(item, 1, most_segment_length()));
        } catch (const NumberError& e) {
            throw BadInput(value_problem("--length", item, e.what()));
        }
    }
    if (lengths.empty())
        throw BadInput("--length: expected mean segment lengths from 1 to 2^30, like 1,1000");
    return lengths;
}

} // namespace

void add_reduce_table_command(CLI::App& app, ReduceTableCommandOptions& t) {
    CLI::App* table = add_table_command(
        app, "reduce-table",
        "Harris's reduction table on this GPU: every reduction, CUB, Thrust, the CPU, at each N", t,
        "Sizes: 2^22, ranges like 2^10..2^30, comma-separated");
    add_whole_number_option(*table, "--threads", t.threads, 1, 1024,
                            "Threads a block of Harris's rows, a power of two from 32 to 1024 (he used 128)");
    add_path_option(*table, "--image", t.image, PathKind::file,
                    "Write each table as a 1600x900 slide: FILE.png, .svg or .pdf (-nN before the extension "
                    "when there are several)");
    CLI::Option* from = add_path_option(*table, "--from", t.from, PathKind::file,
                                        "Show the tables of this CSV (written by --csv) instead of timing");
    for (const char* timing : {"--n", "--threads", "--reps", "--warmup", "--seed"})
        from->excludes(timing);
}

void add_compact_table_command(CLI::App& app, CompactTableCommandOptions& o) {
    CLI::App* table = add_table_command(
        app, "compact-table",
        "Stream compaction and split on this GPU against CUB, Thrust and the CPU, at each N and share kept",
        o, "Sizes: 2^28, ranges like 2^20..2^28, comma-separated (at most 2^30)");
    table->add_option("--keep", o.keep, "Percentages of the elements kept (the odd ones), comma-separated")
        ->capture_default_str();
    table->add_flag("--sweep", o.sweep,
                    "Also time the single-pass forms at every tile they are built with (128 and 256 threads, 8-32 "
                    "elements a thread), staged and direct writes");
    table->add_flag("--gpu-only", o.gpu_only,
                    "Leave out the CPU's rows (a stable partition of 2^30 elements takes seconds); needs a GPU");
}

void add_sort_table_command(CLI::App& app, SortTableCommandOptions& o) {
    CLI::App* table = add_table_command(
        app, "sort-table", "Radix sort of uint32 keys and pairs on this GPU against CUB, Thrust and the CPU, at each N",
        o, "Sizes: 2^28, ranges like 2^20..2^30, comma-separated (at most 2^30)");
    add_whole_number_option(*table, "--bits", o.bits, 1, 32, "The keys are random in their lowest BITS bits, 1 to 32");
    table->add_flag("--gpu-only", o.gpu_only,
                    "Leave out the CPU's rows (std::stable_sort of 2^30 keys takes a minute); needs a GPU");
    table->add_flag("--sweep", o.sweep, "Also time Onesweep at every tile (256 threads x 8-20 keys), look-back window (1, 4, 8) and way of counting "
                    "digits it is built with");
}

void add_histogram_table_command(CLI::App& app, HistogramTableCommandOptions& o) {
    CLI::App* table = add_table_command(
        app, "histogram-table",
        "Histograms of uint32 keys on this GPU (global, shared and warp-aggregated atomics) against CUB and the CPU, "
        "at each N, number of bins and input",
        o, "Sizes: 2^28, ranges like 2^20..2^28, comma-separated (at most 2^30)");
    table->add_option("--bins", o.bins, "Numbers of bins, 1 to 4096, comma-separated")->capture_default_str();
    table->add_option("--input", o.inputs,
                      "Inputs, comma-separated: uniform (random keys), one-bin (every key in one bin), zipf (bin k "
                      "drawn with weight 1/(k+1))")
        ->capture_default_str();
    table->add_flag("--gpu-only", o.gpu_only, "Leave out the CPU's rows; needs a GPU");
}

void add_segmented_table_command(CLI::App& app, SegmentedTableCommandOptions& o) {
    CLI::App* table = add_table_command(
        app, "segmented-table",
        "Segmented scan of uint32 values by their segment keys on this GPU against CUB's InclusiveScanByKey, the copy "
        "and the CPU, at each N and mean segment length",
        o, "Sizes: 2^28, ranges like 2^20..2^28, comma-separated (at most 2^30)");
    table->add_option("--length", o.lengths, "Mean segment lengths, 1 to 2^30, comma-separated")->capture_default_str();
    table->add_flag("--gpu-only", o.gpu_only, "Leave out the CPU's row; needs a GPU");
    table->add_flag("--sweep", o.sweep, "Also time ours at every tile it is built with (256 threads x 8-24 elements)");
}

int run_reduce_table_command(const ReduceTableCommandOptions& o) {
    try {
        const TimedTableKind& kind = reduce_table_kind();
        if (!o.from.empty())
            return show_tables_from(o.from, o.csv, o.image, kind);
        if (!o.image.empty()) {
            image_format(o.image);
            require_writable(o.image);
        }
        const std::vector<std::uint64_t> sizes = table_sizes(o.sizes);
        require_table_count(sizes.size(), "--n: " + std::to_string(sizes.size()) + " sizes", kind);
        require_sizes_at_most(sizes, kind);
        if ((o.threads & (o.threads - 1)) != 0 || o.threads < kMinReduceThreads)
            throw BadInput("--threads '" + std::to_string(o.threads) + "': expected " +
                           reduce_threads_rule());
        const ReduceTableOptions options{timing_of(o), o.threads};
        std::vector<TableJob> jobs;
        for (std::uint64_t n : sizes)
            jobs.push_back(
                {"N = " + std::to_string(n), [n, options](const RowProgress& p, const Cancelled& c) {
                     return run_reduce_table(n, options, p, c);
                 }});
        return time_tables(kind, jobs, o.csv, o.image);
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

int run_compact_table_command(const CompactTableCommandOptions& o) {
    try {
        const TimedTableKind& kind = compact_table_kind();
        const std::vector<std::uint64_t> sizes = table_sizes(o.sizes);
        require_sizes_at_most(sizes, kind);
        const std::vector<int> shares = parse_shares(o.keep);
        require_table_count(sizes.size() * shares.size(),
                            "--n and --keep: " + std::to_string(sizes.size()) + " sizes × " +
                                std::to_string(shares.size()) + " shares",
                            kind);
        const TimedTableOptions options = timing_of(o);
        if (o.gpu_only && !timed_table_uses_gpu(options))
            throw BadInput("--gpu-only: there is no CUDA GPU here, so the table would have no rows");
        const CompactTableRows rows{o.sweep, !o.gpu_only};
        std::vector<TableJob> jobs;
        for (std::uint64_t n : sizes)
            for (int percent : shares)
                jobs.push_back({"N = " + std::to_string(n) + ", " + std::to_string(percent) + "% kept",
                                [n, percent, options, rows](const RowProgress& p, const Cancelled& c) {
                                    return run_compact_table(n, percent, options, p, c, rows);
                                }});
        return time_tables(kind, jobs, o.csv, "");
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

int run_sort_table_command(const SortTableCommandOptions& o) {
    try {
        const TimedTableKind& kind = sort_table_kind();
        const std::vector<std::uint64_t> sizes = table_sizes(o.sizes);
        require_sizes_at_most(sizes, kind);
        require_table_count(sizes.size(), "--n: " + std::to_string(sizes.size()) + " sizes", kind);
        const TimedTableOptions options = timing_of(o);
        if (o.gpu_only && !timed_table_uses_gpu(options))
            throw BadInput("--gpu-only: there is no CUDA GPU here, so the table would have no rows");
        const SortTableRows rows{!o.gpu_only, o.sweep};
        std::vector<TableJob> jobs;
        for (std::uint64_t n : sizes)
            jobs.push_back({"N = " + std::to_string(n), [n, bits = o.bits, options, rows](const RowProgress& p,
                                                                                          const Cancelled& c) {
                                return run_sort_table(n, bits, options, p, c, rows);
                            }});
        return time_tables(kind, jobs, o.csv, "");
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

int run_histogram_table_command(const HistogramTableCommandOptions& o) {
    try {
        const TimedTableKind& kind = histogram_table_kind();
        const std::vector<std::uint64_t> sizes = table_sizes(o.sizes);
        require_sizes_at_most(sizes, kind);
        const std::vector<std::uint32_t> bins = parse_bins(o.bins);
        const std::vector<HistogramInput> inputs = parse_histogram_inputs(o.inputs);
        require_table_count(sizes.size() * bins.size() * inputs.size(),
                            "--n, --bins and --input: " + std::to_string(sizes.size()) + " sizes × " +
                                std::to_string(bins.size()) + " bins × " + std::to_string(inputs.size()) + " inputs",
                            kind);
        const TimedTableOptions options = timing_of(o);
        if (o.gpu_only && !timed_table_uses_gpu(options))
            throw BadInput("--gpu-only: there is no CUDA GPU here, so the table would have no rows");
        const HistogramTableRows rows{!o.gpu_only};
        // each skewed table's slowdown against the uniform one timed before it
        auto done = std::make_shared<std::vector<TimedTable>>();
        std::vector<TableJob> jobs;
        for (std::uint64_t n : sizes)
            for (std::uint32_t b : bins)
                for (HistogramInput input : inputs)
                    jobs.push_back({"N = " + std::to_string(n) + ", " + std::to_string(b) + " bins, " +
                                        histogram_input_name(input),
                                    [n, b, input, options, rows, done](const RowProgress& p, const Cancelled& c) {
                                        done->push_back(run_histogram_table(n, b, input, options, p, c, rows));
                                        mark_skew_slowdowns(*done);
                                        return done->back();
                                    }});
        return time_tables(kind, jobs, o.csv, "");
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

int run_segmented_table_command(const SegmentedTableCommandOptions& o) {
    try {
        const TimedTableKind& kind = segmented_table_kind();
        const std::vector<std::uint64_t> sizes = table_sizes(o.sizes);
        require_sizes_at_most(sizes, kind);
        const std::vector<std::uint64_t> lengths = parse_segment_lengths(o.lengths);
        require_table_count(sizes.size() * lengths.size(),
                            "--n and --length: " + std::to_string(sizes.size()) + " sizes × " +
                                std::to_string(lengths.size()) + " lengths",
                            kind);
        const TimedTableOptions options = timing_of(o);
        if (o.gpu_only && !timed_table_uses_gpu(options))
            throw BadInput("--gpu-only: there is no CUDA GPU here, so the table would have no rows");
        const SegmentedTableRows rows{!o.gpu_only, o.sweep};
        std::vector<TableJob> jobs;
        for (std::uint64_t n : sizes)
            for (std::uint64_t length : lengths)
                jobs.push_back({"N = " + std::to_string(n) + ", segments of mean length " + std::to_string(length),
                                [n, length, options, rows](const RowProgress& p, const Cancelled& c) {
                                    return run_segmented_table(n, length, options, p, c, rows);
                                }});
        return time_tables(kind, jobs, o.csv, "");
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
