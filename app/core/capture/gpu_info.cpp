#include "core/capture/gpu_info.hpp"

#include "kernels/bench/gpu_bench.hpp" // gpu_driver_version
#include "kernels/gpu/gpu_block_scan.hpp"

namespace prefixlab {

const GpuStatus& gpu_info() { return gpu_status(); }

std::string gpu_driver() { return gpu_info().available ? gpu_driver_version() : std::string(); }

} // namespace prefixlab
