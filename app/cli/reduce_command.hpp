// `prefixlab reduce`: one multi-block reduction (a block reduction of the catalogue around a finish,
// kernels/grid/grid_reduce_plan.hpp) on the GPU or in the emulator, its total checked against the CPU;
// `prefixlab reduce-table`: Harris's table (app/core/bench/reduce_table.hpp) at each N, printed, and
// written as CSV with --csv and as a slide (PNG/SVG/PDF, reduce_table_figure.hpp) with --image; --from
// reads tables timed earlier (the H100's in assets/bench/) instead of timing. Ctrl-C stops the table between rows and still writes what is done.
#pragma once

#include <cstdint>
#include <string>

namespace CLI {
class App;
}

namespace prefixlab {

struct ReduceCommandOptions {
    std::string algorithm = "reduce-many-per-thread";
    std::string n = "2^20";
    std::string finish = "recursive";
    int threads = 256;
    std::string type = "uint32";
    std::string op = "add";
    std::string input = "random";
    std::uint64_t seed = 1;
    std::string device = "auto";
};

struct ReduceTableCommandOptions {
    std::string sizes = "2^22,2^28";
    int threads = 256;
    int repetitions = 20;
    int warmup = 3;
    std::uint64_t seed = 1;
    std::string csv;
    std::string image; // .png, .svg or .pdf; "-nN" before the extension when there are several tables
    std::string from;  // a reduction table CSV to show instead of timing
};

void add_reduce_commands(CLI::App& app, ReduceCommandOptions& reduce, ReduceTableCommandOptions& table);

// 0: the total is right; 1: it is wrong or the run failed; 2: bad input.
int run_reduce_command(const ReduceCommandOptions& options);
// 0; 1 when a row's total was wrong or the GPU failed; 2: bad input; 130: stopped by Ctrl-C.
int run_reduce_table_command(const ReduceTableCommandOptions& options);

} // namespace prefixlab
