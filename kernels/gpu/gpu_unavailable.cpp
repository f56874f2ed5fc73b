// The GPU launchers of a build without CUDA: report why there is no GPU, and refuse GPU work with
// that reason. Linked instead of the .cu files when CMake finds no CUDA compiler (the benchmark
// session's stand-in is kernels/bench/gpu_bench_unavailable.cpp).
#include "kernels/gpu/gpu_block_scan.hpp"

#include <stdexcept>

namespace prefixlab {

const GpuStatus& gpu_status() {
    static const GpuStatus status{false, "", "this PrefixLab was built without CUDA"};
    return status;
}

double gpu_create_context() { throw std::runtime_error(gpu_status().reason); }

RawTrace gpu_trace_block_scan(const BlockRequest&) { throw std::runtime_error(gpu_status().reason); }

std::vector<std::uint32_t> gpu_run_block_scan(const BlockRequest&) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
