// Run-time dispatch to the per-kernel GPU instantiations (in generated translation units of a few catalogue
// entries each; gpu_block_scan_entry.hpp says why this file sees declarations only).
#include "kernels/gpu/gpu_block_scan.hpp"
#include "kernels/gpu/gpu_block_scan_entry.hpp"
#include "kernels/kernel_catalog.hpp"

namespace prefixlab {

// kernels/CMakeLists.txt counts the catalogue's lines to generate the translation units: the two agree.
static_assert(PL_GENERATED_BLOCK_KERNELS == kBlockAlgorithmCount,
              "kernels/CMakeLists.txt instantiated a different number of kernels on the GPU than "
              "BlockKernels lists: keep one kernel per line between the catalogue's markers");

RawTrace gpu_trace_block_scan(const BlockRequest& request) {
    return dispatch_algorithm(request.algorithm, [&]<class Algo>() { return gpu_trace_algorithm<Algo>(request); });
}

std::vector<std::uint32_t> gpu_run_block_scan(const BlockRequest& request) {
    return dispatch_algorithm(request.algorithm, [&]<class Algo>() { return gpu_run_algorithm<Algo>(request); });
}

} // namespace prefixlab
