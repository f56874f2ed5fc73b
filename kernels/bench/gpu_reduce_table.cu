// The reduction table's runners (gpu_reduce_table.hpp): the read-only pass and our block reductions
// around a finish, instantiated for uint32 + only, the table's sum. The session that times them is the
// tables' one (gpu_table_session.cu).
#include "kernels/bench/gpu_reduce_table.hpp"
#include "kernels/block_dispatch.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_reduce.cuh"

#include <algorithm>

namespace prefixlab {

namespace {

// The speed of light for a reduction's pass: every element read once, in 16-byte loads (the widest a
// thread issues), four of them in flight a thread and one thread for every four vectors (a grid as
// wide as the reductions' own, no grid-stride loop: the first version, a grid-stride loop over 8
// blocks an SM with one load in flight, read 2^28 elements in 0.358 ms on the H100, slower than our
// reductions' 0.348). Nothing is combined but a running xor, and nothing written unless it hits a word
// alongside an impossible block index, which keeps the loads alive.
constexpr int kReadOnlyThreads = 256;
constexpr int kReadOnlyLoads = 4;

__global__ void read_only_kernel(const uint4* words, std::size_t count, const std::uint32_t* tail, std::size_t tail_n,
                                 std::uint32_t* sink) {
    const std::size_t base = blockIdx.x * std::size_t(kReadOnlyThreads * kReadOnlyLoads) + threadIdx.x;
    uint4 w[kReadOnlyLoads];
#pragma unroll
    for (int k = 0; k < kReadOnlyLoads; ++k) {
        const std::size_t i = base + std::size_t(k) * kReadOnlyThreads;
        w[k] = i < count ? words[i] : uint4{0, 0, 0, 0};
    }
    std::uint32_t seen = 0;
#pragma unroll
    for (int k = 0; k < kReadOnlyLoads; ++k)
        seen ^= w[k].x ^ w[k].y ^ w[k].z ^ w[k].w;
    if (blockIdx.x == 0 && threadIdx.x < tail_n)
        seen ^= tail[threadIdx.x];
    if (seen == 0x9e3779b9u && blockIdx.x == gridDim.x) // never: blockIdx.x < gridDim.x
        *sink = seen;
}

class ReadOnlyRunner final : public GpuTableRunner {
public:
    ReadOnlyRunner() : sink_(1) {}
    void run(const std::uint32_t* input, std::uint32_t*, std::size_t n) override {
        const std::size_t vectors = n / 4; // cudaMalloc'd: 256-byte aligned
        const std::size_t per_block = std::size_t(kReadOnlyThreads) * kReadOnlyLoads;
        const std::size_t blocks = std::max<std::size_t>(1, (vectors + per_block - 1) / per_block);
        read_only_kernel<<<static_cast<unsigned>(blocks), kReadOnlyThreads>>>(
            reinterpret_cast<const uint4*>(input), vectors, input + vectors * 4, n % 4, sink_.get());
        PL_CUDA_CHECK_LAUNCH();
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override { return std::nullopt; }

private:
    DeviceBuffer<std::uint32_t> sink_;
};

template <class Body>
class KernelRunner final : public GpuTableRunner {
public:
    using Op = AddOp<std::uint32_t>;
    KernelRunner(ReduceFinish finish, int threads, std::size_t max_n) : reduce_(finish, threads, max_n), finish_(finish) {}
    void run(const std::uint32_t* input, std::uint32_t*, std::size_t n) override { result_ = reduce_.run(input, n); }
    bool synchronizes() const override { return finish_ == ReduceFinish::cpu; }
    std::optional<std::uint64_t> answer() override { return reduce_.total(result_); }

private:
    GridReduce<Body, Op> reduce_;
    ReduceFinish finish_;
    GridReduceResult<std::uint32_t> result_{};
};

} // namespace

std::unique_ptr<GpuTableRunner> make_gpu_reduce_runner(const GpuReduceMethod& method, std::size_t max_n) {
    switch (method.kind) {
    case GpuReduceKind::read_only:
        return std::make_unique<ReadOnlyRunner>();
    case GpuReduceKind::cub:
    case GpuReduceKind::thrust:
        return make_library_reduce_runner(method.kind, max_n);
    case GpuReduceKind::block_kernel:
        break;
    }
    return dispatch_block_reduction<std::unique_ptr<GpuTableRunner>>(method.algorithm, [&]<class Body>() {
        return std::unique_ptr<GpuTableRunner>(
            std::make_unique<KernelRunner<Body>>(method.finish, method.threads, max_n));
    });
}

} // namespace prefixlab
