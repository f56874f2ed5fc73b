// `prefixlab tune`: the tuning sweep behind PrefixLab's tuned scan (issue 14). Times tuned-look-back
// for uint32 + at each elements per thread × threads per block, beside the copy and CUB at the same
// N, with the benchmark's method (run_bench: median of --reps, --warmup, L2 flushed, verified); prints
// a table per N (rows threads per block, columns elements per thread, cells median ms and % of copy
// speed) and the fastest tile; writes bench.json, bench.csv and the plot that explains the choice
// (bench_tuning.hpp) to --out. Needs a CUDA GPU: without one it refuses in one line, exit code 1, as
// `prefixlab bench --algos gpu` ends.
#pragma once

#include "cli/bench_command.hpp" // BenchRunOptions

#include <string>
#include <vector>

namespace prefixlab {

struct TuneCommandOptions : BenchRunOptions {
    std::vector<int> items;       // empty: every choice the tuned scans are built for
    std::vector<int> block_sizes; // empty: 64, 128, 256, 512
    std::string sizes = "2^28";
};

void add_tune_command(CLI::App& app, TuneCommandOptions& options);

// Returns the exit code: 0; 1 without a GPU, when a point failed verification or nothing was measured
// (then nothing is written); 2 for bad input; 130 when Ctrl-C stopped the sweep.
int run_tune_command(const TuneCommandOptions& options);

} // namespace prefixlab
