// The GPU interface of a build without CUDA: reports why there is no GPU, and refuses GPU work with
// that reason. Linked instead of the .cu files when CMake finds no CUDA compiler.
#include "gpu_block_scan.hpp"

#include <stdexcept>

namespace prefixlab {

const GpuStatus& gpu_status() {
    static const GpuStatus status{false, "", "this PrefixLab was built without CUDA"};
    return status;
}

double gpu_create_context() { throw std::runtime_error(gpu_status().reason); }

RawTrace gpu_trace_block_scan(const BlockScanRequest&) { throw std::runtime_error(gpu_status().reason); }

std::vector<std::uint32_t> gpu_run_block_scan(const BlockScanRequest&) {
    throw std::runtime_error(gpu_status().reason);
}

} // namespace prefixlab
