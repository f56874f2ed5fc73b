// `prefixlab bench`: times the scans across N (and across element types, operators, inclusive and
// exclusive with --scans), headless, and writes bench.json, bench.csv and the
// plots into a folder. Ctrl-C stops the sweep and still writes the finished points; a second Ctrl-C
// quits at once and writes nothing (docs/files-and-interrupts.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace prefixlab {

// The options `prefixlab tune` takes too (cli/tune_command.hpp): the method of every point, the run's
// label, where its files go and in which plot formats (add_bench_run_options, bench_console.hpp).
struct BenchRunOptions {
    int repetitions = 20;
    int warmup = 3;
    std::uint64_t seed = 1;
    std::string label;
    std::string out;
    std::string plots = "png,svg,pdf"; // or "none"
    std::string command;               // the whole command line, recorded in the results
};

struct BenchCommandOptions : BenchRunOptions {
    std::string algorithms = "all"; // comma-separated names, or all, gpu, cpu
    std::string scans = "uint32-add"; // comma-separated TYPE-OP or TYPE-OP-exclusive (bench_scan.hpp)
    std::string sizes = "2^10..2^28";
    std::vector<int> block_sizes;
    std::string block_sizes_at; // --block-n: sizes where --block applies
    bool list = false;
};

void add_bench_command(CLI::App& app, BenchCommandOptions& options);

// Returns the exit code: 0; 1 when a point failed verification, the GPU failed or nothing was measured
// (then nothing is written); 2 for bad input; 130 when Ctrl-C stopped the sweep.
int run_bench_command(const BenchCommandOptions& options);

// The algorithm names a --algos value stands for (all, gpu and cpu expand); throws BadInput.
} // namespace prefixlab
