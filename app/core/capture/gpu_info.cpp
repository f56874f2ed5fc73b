#include "core/capture/gpu_info.hpp"

#include "kernels/cuda/gpu_block_scan.hpp"

namespace prefixlab {

const GpuStatus& gpu_info() { return gpu_status(); }

} // namespace prefixlab
