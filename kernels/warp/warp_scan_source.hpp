// The warp scan's source file, which the kernels whose shuffle rounds open there list among their
// sources (kHelperSourcePaths in their catalogue entries).
#pragma once

#include "kernels/common/step_tag.hpp"

namespace prefixlab {

inline constexpr const char* kWarpScanSourcePath = "kernels/warp/warp_scan.cuh";
inline constexpr KernelFile kWarpScanFile = kernel_file_at(kWarpScanSourcePath);

} // namespace prefixlab
