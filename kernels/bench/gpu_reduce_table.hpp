// The reduction table's methods on the GPU (Harris's table, issue 15), timed by the tables' one session
// (gpu_table_session.hpp); the untimed multi-block reductions are kernels/gpu/gpu_grid_reduce.hpp. The
// table times uint32 + (Harris's sums of ints): our block reductions around a finish, CUB's
// DeviceReduce::Sum (temporary storage allocated once), thrust::reduce as a student calls it, and the
// speed of light for the pass: a kernel that only reads the N elements (16-byte loads). Plain C++; a build
// without CUDA links gpu_table_unavailable.cpp, which refuses with the reason.
#pragma once

#include "kernels/bench/gpu_table_session.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/grid/reduce_finish.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace prefixlab {

enum class GpuReduceKind : std::uint8_t { read_only, cub, thrust, block_kernel };

struct GpuReduceMethod {
    GpuReduceKind kind = GpuReduceKind::block_kernel;
    BlockAlgorithm algorithm{}; // block_kernel: a block reduction of the catalogue
    ReduceFinish finish = ReduceFinish::recursive;
    int threads = 256;
};

// A reduction table's session at n elements: no output array, and N / 128 bytes for the levels' totals
// and CUB's storage (the allowance the reduction benchmark's own session made).
inline GpuTableBuffers gpu_reduce_table_buffers(std::size_t n) {
    return {false, n / 128};
}

// A runner of `method` for up to max_n elements; its answer is the total's 32-bit pattern (none for the
// read-only pass). Throws std::invalid_argument for a kernel that is no block reduction, CudaError.
std::unique_ptr<GpuTableRunner> make_gpu_reduce_runner(const GpuReduceMethod& method, std::size_t max_n);

// CUB's or Thrust's runner, in a translation unit of their own (gpu_reduce_libraries.cu: they compile
// slowly).
std::unique_ptr<GpuTableRunner> make_library_reduce_runner(GpuReduceKind kind, std::size_t max_n);

} // namespace prefixlab
