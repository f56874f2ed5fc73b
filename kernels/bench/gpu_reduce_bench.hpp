// Host interface to the GPU side of the reduction benchmark (Harris's table, issue 15); the untimed
// multi-block reductions are kernels/gpu/gpu_grid_reduce.hpp. Plain C++: callers need no CUDA headers;
// a build without CUDA links gpu_reduce_unavailable.cpp, which refuses with the reason.
//
// The table times uint32 + (Harris's sums of ints): our block reductions around a finish, CUB's
// DeviceReduce::Sum (temporary storage allocated once), thrust::reduce as a student calls it, and the
// speed of light for the pass: a kernel that only reads the N elements (16-byte loads, grid-stride).
#pragma once

#include "kernels/common/scan_types.hpp"
#include "kernels/grid/grid_reduce_request.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace prefixlab {

enum class GpuReduceKind : std::uint8_t { read_only, cub, thrust, block_kernel };

struct GpuReduceMethod {
    GpuReduceKind kind = GpuReduceKind::block_kernel;
    BlockAlgorithm algorithm{}; // block_kernel: a block reduction of the catalogue
    ReduceFinish finish = ReduceFinish::recursive;
    int threads = 256;
};

struct GpuReduceSamples {
    std::vector<double> ms;  // one per timed repetition
    bool checked = false;    // false for the read-only pass, which computes no total
    std::uint32_t total = 0; // the last repetition's
};

// One array of uint32 on the GPU, timed by every method in turn. Each timed repetition starts from a
// flushed L2 (at 2^22 elements, 16 MiB, the whole input would otherwise be read from the H100's 50 MiB
// L2). Throws GpuOutOfMemory (gpu_bench.hpp) where the device cannot hold it.
class GpuReduceSession {
public:
    GpuReduceSession(const std::uint32_t* input, std::size_t n);
    ~GpuReduceSession();
    GpuReduceSession(const GpuReduceSession&) = delete;
    GpuReduceSession& operator=(const GpuReduceSession&) = delete;

    GpuReduceSamples time(const GpuReduceMethod& method, int warmup, int reps,
                          const std::function<bool()>& cancelled = {});

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace prefixlab
