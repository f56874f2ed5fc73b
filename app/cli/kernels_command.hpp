// `prefixlab kernels`: the kernel table (core/ground/kernel_info.hpp) as PrefixLab knows it — every kernel of
// the catalogue with its family, kind, limits, forms, quiz role and sources, and every grid driver with its
// N ranges. `--json` prints it as one JSON document: what the Nsight Compute validators (tests/ncu/),
// tools/gpu_check.sh and the README test read instead of kernel lists of their own (docs/architecture.md,
// "The kernel table", gives the fields).
#pragma once

namespace CLI {
class App;
}

namespace prefixlab {

struct KernelsCommandOptions {
    bool json = false;
};

void add_kernels_command(CLI::App& app, KernelsCommandOptions& options);

// 0 with the table printed.
int run_kernels_command(const KernelsCommandOptions& options);

} // namespace prefixlab
