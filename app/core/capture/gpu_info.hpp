// The GPU that captures and benchmarks run on, probed once. The GUI asks here: it sees no CUDA code
// and no launcher (kernels/cuda is below core, and only core calls it).
#pragma once

#include "kernels/common/gpu_status.hpp"

#include <string>

namespace prefixlab {

const GpuStatus& gpu_info();

// The driver's version, "580.159.04" ("" without a GPU): what a recorded outcome names beside the device.
std::string gpu_driver();

} // namespace prefixlab
