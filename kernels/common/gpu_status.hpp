// Whether this machine has a CUDA GPU the kernels can run on: a plain value, so that code above the
// kernels (the GUI through core/capture/gpu_info.hpp) can show it without seeing the launchers.
#pragma once

#include <string>

namespace prefixlab {

struct GpuStatus {
    bool available = false;
    std::string name;   // e.g. "NVIDIA H100 80GB HBM3"
    std::string reason; // why not available, e.g. "no CUDA-capable device is detected"
};

} // namespace prefixlab
