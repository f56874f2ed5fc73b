// `prefixlab reduce`: one multi-block reduction (a block reduction of the catalogue around a finish,
// kernels/grid/grid_reduce_plan.hpp) on the GPU or in the emulator, its total checked against the CPU.
// Harris's table, `prefixlab reduce-table`, is one of the timed tables (table_commands.hpp).
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

void add_reduce_command(CLI::App& app, ReduceCommandOptions& reduce);

// 0: the total is right; 1: it is wrong or the run failed; 2: bad input.
int run_reduce_command(const ReduceCommandOptions& options);

} // namespace prefixlab
