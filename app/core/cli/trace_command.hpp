// `prefixlab trace`: records one block scan's trace to a file.
#pragma once

#include "../trace/trace_capture.hpp"

#include <string>

namespace prefixlab {

struct TraceCommandOptions {
    std::string algorithm = "hillis-steele";
    int n = 32;
    std::string input = "iota";
    std::uint64_t seed = 1;
    std::string type = "int32";
    std::string op = "add";
    bool exclusive = false;
    std::string device = "auto";
    std::string out;
    bool list = false;
};

// Returns the process exit code; prints its one-line error or summary.
int run_trace_command(const TraceCommandOptions& options);

} // namespace prefixlab
