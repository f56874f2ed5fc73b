// The options that choose a kernel and its input, shared by `prefixlab trace` and `prefixlab run`:
// --algo --n --input --seed --type --op --exclusive --block.
#pragma once

#include "../trace/trace_capture.hpp"

#include <cstdint>
#include <string>

namespace CLI {
class App;
}

namespace prefixlab {

struct KernelOptions {
    std::string algorithm = "hillis-steele";
    int n = 32;
    std::string input = "iota";
    std::uint64_t seed = 1;
    std::string type = "int32";
    std::string op = "add";
    bool exclusive = false;
    int block = 0;
};

void add_kernel_options(CLI::App& command, KernelOptions& options);

// Throws BadInput naming the option and its allowed values; the device is left automatic.
CaptureRequest capture_request_from(const KernelOptions& options);

} // namespace prefixlab
