// GPU instantiations of the Hillis–Steele block scan: traced and untraced, every type and operator.
#include "gpu_block_scan_impl.cuh"

namespace prefixlab {

template RawTrace gpu_trace_algorithm<HillisSteele>(const BlockScanRequest&);
template std::vector<std::uint32_t> gpu_run_algorithm<HillisSteele>(const BlockScanRequest&);

} // namespace prefixlab
