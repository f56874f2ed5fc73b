// GPU instantiations of the racy Hillis–Steele block scan (no barrier between read and write): traced and untraced, every type and operator.
#include "gpu_block_scan_impl.cuh"

namespace prefixlab {

template RawTrace gpu_trace_algorithm<HillisSteeleRacy>(const BlockScanRequest&);
template std::vector<std::uint32_t> gpu_run_algorithm<HillisSteeleRacy>(const BlockScanRequest&);

} // namespace prefixlab
