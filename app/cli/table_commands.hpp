// The timed tables' subcommands, one loop for all (app/core/bench/timed_table.hpp):
// `prefixlab reduce-table`, Harris's table (reduce_table.hpp) at each N, and `prefixlab compact-table`,
// stream compaction and split (compact_table.hpp) at each N and share of kept elements, and `prefixlab
// sort-table`, radix sort (sort_table.hpp) at each N, and `prefixlab histogram-table`, histograms
// (histogram_table.hpp) at each N, number of bins and input, and `prefixlab segmented-table`, segmented scans
// (segmented_table.hpp) at each N and mean segment length: each table
// printed, every table written as CSV with --csv; the reduction's as a slide (PNG/SVG/PDF) with --image,
// and read from a CSV timed earlier (the H100's in assets/bench/) with --from instead of timing. Ctrl-C
// stops a table between rows and still writes what is done. A new table is its options, its list of
// tables to time and two lines in command_line.cpp.
#pragma once

#include <cstdint>
#include <string>

namespace CLI {
class App;
}

namespace prefixlab {

// What every table command takes.
struct TableCommandOptions {
    std::string sizes;
    int repetitions = 20;
    int warmup = 3;
    std::uint64_t seed = 1;
    std::string csv;
};

struct ReduceTableCommandOptions : TableCommandOptions {
    ReduceTableCommandOptions() { sizes = "2^22,2^28"; }
    int threads = 256;
    std::string image; // .png, .svg or .pdf; "-nN" before the extension when there are several tables
    std::string from;  // a reduction table CSV to show instead of timing
};

struct CompactTableCommandOptions : TableCommandOptions {
    CompactTableCommandOptions() { sizes = "2^24,2^28"; }
    std::string keep = "1,50,99";
    bool sweep = false;
    bool gpu_only = false;
};

struct SortTableCommandOptions : TableCommandOptions {
    SortTableCommandOptions() { sizes = "2^24,2^28"; }
    int bits = 32;
    bool gpu_only = false;
    bool sweep = false;
};

struct HistogramTableCommandOptions : TableCommandOptions {
    HistogramTableCommandOptions() { sizes = "2^24,2^28"; }
    std::string bins = "256";
    std::string inputs = "uniform,one-bin,zipf";
    bool gpu_only = false;
};

struct SegmentedTableCommandOptions : TableCommandOptions {
    SegmentedTableCommandOptions() { sizes = "2^24,2^28"; }
    std::string lengths = "1000";
    bool gpu_only = false;
    bool sweep = false;
};

void add_reduce_table_command(CLI::App& app, ReduceTableCommandOptions& options);
void add_compact_table_command(CLI::App& app, CompactTableCommandOptions& options);
void add_sort_table_command(CLI::App& app, SortTableCommandOptions& options);
void add_histogram_table_command(CLI::App& app, HistogramTableCommandOptions& options);
void add_segmented_table_command(CLI::App& app, SegmentedTableCommandOptions& options);

// 0; 1 when a row's answer was wrong or the GPU failed; 2: bad input; 130: stopped by Ctrl-C.
int run_reduce_table_command(const ReduceTableCommandOptions& options);
int run_compact_table_command(const CompactTableCommandOptions& options);
int run_sort_table_command(const SortTableCommandOptions& options);
int run_histogram_table_command(const HistogramTableCommandOptions& options);
int run_segmented_table_command(const SegmentedTableCommandOptions& options);

} // namespace prefixlab
