// The segmented table's methods on the GPU (issue 37), timed by the tables' one session (gpu_table_session.hpp):
// the inclusive scan of N uint32 values by their segment keys (a run of equal keys is a segment), by ours
// (kernels/grid/segmented_scan.cuh, one tile a block with a look-back that stops at the first head) and by
// cub::DeviceScan::InclusiveScanByKey, its storage allocated once. The session's input is the values, its output
// the scan; each runner holds the keys on the GPU. The answer is the output, which the table compares with the
// CPU's. Plain C++; a build without CUDA links gpu_table_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/bench/gpu_table_session.hpp"
#include "kernels/grid/segmented_scan_plan.hpp" // kSegmentedItems

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace prefixlab {

enum class GpuSegmentedKind : std::uint8_t { copy, ours, cub };

struct GpuSegmentedMethod {
    GpuSegmentedKind kind = GpuSegmentedKind::ours;
    int items = kSegmentedItems;                    // ours: elements a thread (segmented_item_choices)
    const std::vector<std::uint32_t>* keys = nullptr; // the segment keys, N of them, the session's N
};

// The elements a thread ours is built with on the GPU (kSegmentedThreads a block), the first the default.
inline std::vector<int> segmented_item_choices() { return {kSegmentedItems, 8, 12, 20, 24}; }

// A segmented table's session: the output, and the keys (4 bytes an element) with the status words besides.
inline GpuTableBuffers gpu_segmented_table_buffers(std::size_t n) { return {true, 4 * n + n / 256 + (1u << 20)}; }

// A runner of `method` for up to max_n elements. Throws CudaError, std::invalid_argument for no keys or items it is
// not built with.
std::unique_ptr<GpuTableRunner> make_gpu_segmented_runner(const GpuSegmentedMethod& method, std::size_t max_n);

// CUB's, in a translation unit of its own (gpu_segmented_libraries.cu: it compiles slowly).
std::unique_ptr<GpuTableRunner> make_library_segmented_runner(const GpuSegmentedMethod& method, std::size_t max_n);

} // namespace prefixlab
