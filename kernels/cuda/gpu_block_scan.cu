// Run-time dispatch to the per-algorithm GPU instantiations (compiled in gpu_<algorithm>.cu).
#include "gpu_block_scan.hpp"
#include "gpu_block_scan_impl.cuh"

namespace prefixlab {

extern template RawTrace gpu_trace_algorithm<HillisSteele>(const BlockScanRequest&);
extern template std::vector<std::uint32_t> gpu_run_algorithm<HillisSteele>(const BlockScanRequest&);

RawTrace gpu_trace_block_scan(const BlockScanRequest& request) {
    return dispatch_algorithm(request.algorithm, [&]<class Algo>() { return gpu_trace_algorithm<Algo>(request); });
}

std::vector<std::uint32_t> gpu_run_block_scan(const BlockScanRequest& request) {
    return dispatch_algorithm(request.algorithm, [&]<class Algo>() { return gpu_run_algorithm<Algo>(request); });
}

} // namespace prefixlab
