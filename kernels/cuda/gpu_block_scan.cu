// Run-time dispatch to the per-algorithm GPU instantiations (compiled in gpu_<algorithm>.cu).
#include "gpu_block_scan.hpp"
#include "gpu_block_scan_impl.cuh"

namespace prefixlab {

#define PL_EXTERN_ALGORITHM(Algo)                                                                            \
    extern template RawTrace gpu_trace_algorithm<Algo>(const BlockScanRequest&);                             \
    extern template std::vector<std::uint32_t> gpu_run_algorithm<Algo>(const BlockScanRequest&);
PL_EXTERN_ALGORITHM(HillisSteele)
PL_EXTERN_ALGORITHM(HillisSteeleDoubleBuffer)
PL_EXTERN_ALGORITHM(HillisSteeleRacy)
PL_EXTERN_ALGORITHM(Blelloch)
PL_EXTERN_ALGORITHM(BlellochPadded)
PL_EXTERN_ALGORITHM(WarpShuffleScan)
#undef PL_EXTERN_ALGORITHM

RawTrace gpu_trace_block_scan(const BlockScanRequest& request) {
    return dispatch_algorithm(request.algorithm, [&]<class Algo>() { return gpu_trace_algorithm<Algo>(request); });
}

std::vector<std::uint32_t> gpu_run_block_scan(const BlockScanRequest& request) {
    return dispatch_algorithm(request.algorithm, [&]<class Algo>() { return gpu_run_algorithm<Algo>(request); });
}

} // namespace prefixlab
