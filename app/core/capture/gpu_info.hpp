// The GPU that captures and benchmarks run on, probed once. The GUI asks here: it sees no CUDA code
// and no launcher (kernels/cuda is below core, and only core calls it).
#pragma once

#include "kernels/common/gpu_status.hpp"

namespace prefixlab {

const GpuStatus& gpu_info();

} // namespace prefixlab
