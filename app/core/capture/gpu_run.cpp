#include "core/capture/gpu_run.hpp"

#include "kernels/gpu/gpu_block_scan.hpp"

namespace prefixlab {

std::vector<std::uint32_t> run_untraced_on_gpu(const BlockRequest& request) {
    gpu_create_context();
    return gpu_run_block_scan(request);
}

} // namespace prefixlab
