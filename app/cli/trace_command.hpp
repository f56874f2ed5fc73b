// `prefixlab trace`: records one block scan's trace to a file.
#pragma once

#include "cli/kernel_options.hpp"

#include <string>

namespace prefixlab {

struct TraceCommandOptions {
    KernelOptions kernel;
    std::string device = "auto";
    std::string warp_order = "in-order"; // the emulator's; the GPU ignores it
    std::string out;
    bool list = false;
    bool stats = false;
};

// Returns the process exit code; prints its one-line error or summary.
int run_trace_command(const TraceCommandOptions& options);

} // namespace prefixlab
