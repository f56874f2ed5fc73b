#include "core/capture/gpu_info.hpp"

#include "kernels/cuda/gpu_block_scan.hpp"
#include "kernels/gpu_bench/gpu_bench.hpp" // gpu_driver_version

namespace prefixlab {

const GpuStatus& gpu_info() { return gpu_status(); }

std::string gpu_driver() { return gpu_info().available ? gpu_driver_version() : std::string(); }

} // namespace prefixlab
