// `prefixlab compact-table`: stream compaction and split timed (app/core/bench/compact_table.hpp) at each
// N and share of kept elements, printed, and written as CSV with --csv. Ctrl-C stops between rows and
// still writes what is done.
#pragma once

#include <cstdint>
#include <string>

namespace CLI {
class App;
}

namespace prefixlab {

struct CompactTableCommandOptions {
    std::string sizes = "2^24,2^28";
    std::string keep = "1,50,99";
    int repetitions = 20;
    int warmup = 3;
    std::uint64_t seed = 1;
    std::string csv;
};

void add_compact_command(CLI::App& app, CompactTableCommandOptions& options);

// 0; 1 when a method's output was wrong or the GPU failed; 2: bad input; 130: stopped by Ctrl-C.
int run_compact_table_command(const CompactTableCommandOptions& options);

} // namespace prefixlab
