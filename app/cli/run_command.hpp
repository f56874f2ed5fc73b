// `prefixlab run`: launches the untraced kernel once on the GPU and checks its output — the kernel
// benchmarks time and Nsight Compute profiles, e.g.
//   ncu --metrics smsp__sass_inst_executed_op_shared_ld.sum prefixlab run --algo blelloch --n 2048
#pragma once

#include "cli/kernel_options.hpp"

namespace prefixlab {

int run_run_command(const KernelOptions& options);

} // namespace prefixlab
