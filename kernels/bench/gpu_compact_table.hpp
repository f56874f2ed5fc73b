// The compaction table's methods on the GPU (issue 15), timed by the tables' one session
// (gpu_table_session.hpp); the untimed multi-block compactions and splits are
// kernels/gpu/gpu_grid_compact.hpp. The table times uint32 arrays, the elements kept being the odd ones
// (the one predicate, kernels/common/compaction_predicate.hpp): our compaction and split
// (kernels/grid/grid_compact_plan.hpp), cub::DeviceSelect::If (temporary storage allocated once),
// thrust::copy_if and thrust::stable_partition as a student calls them, and a device-to-device copy of the
// N elements, the speed of light of a pass that reads and writes every element. Plain C++; a build
// without CUDA links gpu_table_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/bench/gpu_table_session.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_compact_request.hpp" // the single-pass tuned tile

#include <cstddef>
#include <cstdint>
#include <memory>

namespace prefixlab {

enum class GpuCompactKind : std::uint8_t {
    copy,
    own,         // the two-pass form: count, scan the counts, scatter (kernels/grid/grid_compact_plan.hpp)
    single_pass, // decoupled look-back over kept counts (kernels/grid/single_pass_compact.cuh)
    cub_select,
    cub_partition,
    thrust_copy_if,
    thrust_stable_partition
};

struct GpuCompactMethod {
    GpuCompactKind kind = GpuCompactKind::own;
    bool split = false; // own and single_pass: a split, not a compaction
    int threads = 256;  // own and single_pass
    // single_pass only: elements a thread (one of single_pass_compact_item_choices()), whether the tile
    // is staged in shared memory before it is written, and the element type the same bits are read as
    // (the odd ones are the same elements as int32 and as float: the lowest bit)
    int items = 0; // 0: the tuned kSinglePassCompactItems
    bool staged = kSinglePassCompactStaged;
    ElementType type = ElementType::uint32;
};

// The elements a thread the single-pass compaction is built with for the table's sweep (uint32 only).
inline constexpr int kSinglePassCompactItemChoices[] = {8, 16, 24, 32};
// The block sizes the sweep times each at (a run-time choice): 128-thread blocks hold half the tile and
// twice as many fit an SM, for the sizes below 2^25 where 256-thread blocks were slower than CUB
// (docs/compaction.md).
inline constexpr int kSinglePassCompactThreadChoices[] = {128, 256};

// A compaction table's session at n elements: the output array, and CUB's or Thrust's storage, about the
// input's again at most.
inline GpuTableBuffers gpu_compact_table_buffers(std::size_t n) {
    return {true, n * sizeof(std::uint32_t)};
}

// A runner of `method` for up to max_n elements; it writes the session's output array and answers with
// the kept count (none for the copy). Throws CudaError.
std::unique_ptr<GpuTableRunner> make_gpu_compact_runner(const GpuCompactMethod& method, std::size_t max_n);

// cub::DeviceSelect::If, cub::DevicePartition::If, thrust::copy_if or thrust::stable_partition, in a
// translation unit of their own (gpu_compact_libraries.cu: they compile slowly).
std::unique_ptr<GpuTableRunner> make_library_compact_runner(GpuCompactKind kind, std::size_t max_n);

// The single-pass compaction or split (gpu_compact_single_pass.cu). Its split writes the rejected
// elements to an array of its own; its answer copies them after the kept ones, untimed, so that the
// table checks one array. Throws std::invalid_argument for items or a type it is not built with.
std::unique_ptr<GpuTableRunner> make_single_pass_compact_runner(const GpuCompactMethod& method, std::size_t max_n);

} // namespace prefixlab
