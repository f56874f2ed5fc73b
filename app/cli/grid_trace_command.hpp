// `prefixlab grid-trace`: records one grid scan's trace (a scan across many blocks: docs/trace-format.md,
// "Grid traces") to a file, in the emulator by default. Its options are spelled as `trace`'s, and kept as
// typed until run_grid_trace_command reads them, so that every refusal is one line naming the option.
#pragma once

#include <cstdint>
#include <string>

namespace CLI {
class App;
}

namespace prefixlab {

struct GridTraceCommandOptions {
    // Defaults: the GUI's grid scan (8 tiles of 32 elements, a look-back), in the emulator, in order.
    std::string driver = "decoupled-look-back";
    std::string n = "256"; // its range depends on --device
    std::string tile_threads = "32";
    std::string body = "warp-shuffle";
    std::string type = "uint32";
    std::string op = "add";
    bool exclusive = false;
    std::string input = "iota";
    std::uint64_t seed = 1;
    std::uint64_t resident = 4;
    std::string start_order = "in-order";
    std::uint64_t order_seed = 1;
    std::string tiles = "counter";
    std::string device = "cpu";
    std::string compact; // a predicate: the single-pass compaction instead of a scan
    std::string sort;    // textbook or onesweep: a radix sort of the input instead of a scan
    std::string out;
};

void add_grid_trace_command(CLI::App& app, GridTraceCommandOptions& options);

// Returns the process exit code; prints its one-line error or summary.
int run_grid_trace_command(const GridTraceCommandOptions& options);

} // namespace prefixlab
