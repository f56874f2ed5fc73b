#include "cli/compact_command.hpp"

#include "cli/option_values.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/compact_table.hpp"
#include "core/entry/exit_status.hpp"
#include "core/util/atomic_file.hpp"
#include "core/util/interrupts.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <limits>
#include <sstream>
#include <vector>

namespace prefixlab {

namespace {

constexpr std::uint64_t kMaxCompactTableN = std::uint64_t(1) << 30;

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

} // namespace

void add_compact_command(CLI::App& app, CompactTableCommandOptions& o) {
    CLI::App* table = app.add_subcommand(
        "compact-table", "Stream compaction and split on this GPU against CUB, Thrust and the CPU, at each N and share kept");
    table->add_option("--n", o.sizes, "Sizes: 2^28, ranges like 2^20..2^28, comma-separated (at most 2^30)")
        ->capture_default_str();
    table->add_option("--keep", o.keep, "Percentages of the elements kept (the odd ones), comma-separated")
        ->capture_default_str();
    add_whole_number_option(*table, "--reps", o.repetitions, 1, 1000, "Timed repetitions a row, 1 to 1000");
    add_whole_number_option(*table, "--warmup", o.warmup, 0, 100, "Untimed runs before them, 0 to 100");
    add_whole_number_option(*table, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                            "Seed of the random input, 0 to 2^64-1");
    add_path_option(*table, "--csv", o.csv, PathKind::file, "Write every table to this CSV file as well");
}

int run_compact_table_command(const CompactTableCommandOptions& o) {
    try {
        std::vector<std::uint64_t> sizes;
        try {
            sizes = parse_bench_sizes(o.sizes);
        } catch (const BenchSpecError& e) {
            throw BadInput(e.what());
        }
        for (std::uint64_t n : sizes)
            if (n > kMaxCompactTableN)
                throw BadInput("--n: " + std::to_string(n) + " is more than the 2^30 elements a table takes");
        const std::vector<int> shares = parse_shares(o.keep);
        if (!o.csv.empty())
            require_writable(o.csv); // fail before the work, not after it
        CompactTableOptions options;
        options.repetitions = o.repetitions;
        options.warmup = o.warmup;
        options.seed = o.seed;
        const InterruptibleWork interruptible;
        std::vector<CompactTable> tables;
        bool wrong = false;
        for (std::uint64_t n : sizes)
            for (int percent : shares) {
                if (interrupt_requested())
                    break;
                printf_to_terminal(stderr, "N = %llu, %d%% kept:", static_cast<unsigned long long>(n),
                                   percent);
                tables.push_back(run_compact_table(
                    n, percent, options,
                    [](const std::string& row) { printf_to_terminal(stderr, " %s;", row.c_str()); },
                    [] { return interrupt_requested(); }));
                printf_to_terminal(stderr, "\n");
                printf_to_terminal(stdout, "%s\n", compact_table_text(tables.back()).c_str());
                std::fflush(stdout);
                for (const CompactTableRow& row : tables.back().rows)
                    wrong = wrong || !row.correct;
            }
        if (!o.csv.empty() && !tables.empty()) {
            write_file_atomically(o.csv, [&](std::ostream& out) { write_compact_table_csv(out, tables); });
            printf_to_terminal(stdout, "wrote %s\n", o.csv.c_str());
        }
        if (interrupt_requested())
            return report_interrupted("after " + std::to_string(tables.size()) + " of " +
                                      std::to_string(sizes.size() * shares.size()) +
                                      " tables: the finished ones are kept");
        return wrong ? kExitFailure : kExitOk;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
