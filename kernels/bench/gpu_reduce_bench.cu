// The reduction benchmark's session (gpu_reduce_bench.hpp): the input uploaded once, each method timed
// with CUDA events around its launches, each repetition from a flushed L2 and, where the method does not
// wait for the GPU itself, queued behind the gate (gpu_timing.cuh) so that only the GPU's time counts.
// Our block reductions are instantiated for uint32 + only, the table's sum.
#include "kernels/bench/gpu_bench.hpp" // GpuOutOfMemory, gpu_memory_info
#include "kernels/bench/gpu_reduce_runner.cuh"
#include "kernels/bench/gpu_timing.cuh"
#include "kernels/block_scan_dispatch.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_reduce.cuh"

#include <algorithm>
#include <stdexcept>
#include <string>

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

class ReadOnlyRunner final : public GpuReduceRunner {
public:
    ReadOnlyRunner() : sink_(1) {}
    void run(const std::uint32_t* input, std::size_t n) override {
        const std::size_t vectors = n / 4; // cudaMalloc'd: 256-byte aligned
        const std::size_t per_block = std::size_t(kReadOnlyThreads) * kReadOnlyLoads;
        const std::size_t blocks = std::max<std::size_t>(1, (vectors + per_block - 1) / per_block);
        read_only_kernel<<<static_cast<unsigned>(blocks), kReadOnlyThreads>>>(
            reinterpret_cast<const uint4*>(input), vectors, input + vectors * 4, n % 4, sink_.get());
        PL_CUDA_CHECK_LAUNCH();
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint32_t> total() override { return std::nullopt; }

private:
    DeviceBuffer<std::uint32_t> sink_;
};

template <class Body>
class KernelRunner final : public GpuReduceRunner {
public:
    using Op = AddOp<std::uint32_t>;
    KernelRunner(ReduceFinish finish, int threads, std::size_t max_n) : reduce_(finish, threads, max_n), finish_(finish) {}
    void run(const std::uint32_t* input, std::size_t n) override { result_ = reduce_.run(input, n); }
    bool synchronizes() const override { return finish_ == ReduceFinish::cpu; }
    std::optional<std::uint32_t> total() override { return reduce_.total(result_); }

private:
    GridReduce<Body, Op> reduce_;
    ReduceFinish finish_;
    GridReduceResult<std::uint32_t> result_{};
};

std::unique_ptr<GpuReduceRunner> make_runner(const GpuReduceMethod& method, std::size_t n) {
    switch (method.kind) {
    case GpuReduceKind::read_only:
        return std::make_unique<ReadOnlyRunner>();
    case GpuReduceKind::cub:
    case GpuReduceKind::thrust:
        return make_library_reduce_runner(method.kind, n);
    case GpuReduceKind::block_kernel:
        break;
    }
    return dispatch_block_reduction<std::unique_ptr<GpuReduceRunner>>(method.algorithm, [&]<class Body>() {
        return std::unique_ptr<GpuReduceRunner>(std::make_unique<KernelRunner<Body>>(method.finish, method.threads, n));
    });
}

std::string mib(std::size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

} // namespace

struct GpuReduceSession::State {
    State(std::size_t n) : n(n), input(n), flush(l2_flush_bytes()) {}
    std::size_t n;
    DeviceBuffer<std::uint32_t> input;
    DeviceBuffer<unsigned char> flush;
};

GpuReduceSession::GpuReduceSession(const std::uint32_t* input, std::size_t n) {
    if (n == 0)
        throw std::invalid_argument("a reduction needs at least one element");
    const std::size_t needed = n * sizeof(std::uint32_t) + l2_flush_bytes() + n / 128 + (std::size_t(64) << 20);
    const GpuMemoryInfo memory = gpu_memory_info();
    if (needed > memory.free_bytes)
        throw GpuOutOfMemory("needs " + mib(needed) + " of GPU memory, " + mib(memory.free_bytes) + " free");
    try {
        state_ = std::make_unique<State>(n);
    } catch (const CudaError& e) {
        if (e.code() != cudaErrorMemoryAllocation)
            throw;
        cudaGetLastError();
        throw GpuOutOfMemory("out of GPU memory allocating " + mib(needed));
    }
    PL_CUDA_CHECK(cudaMemcpy(state_->input.get(), input, n * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
}

GpuReduceSession::~GpuReduceSession() = default;

GpuReduceSamples GpuReduceSession::time(const GpuReduceMethod& method, int warmup, int reps,
                                        const std::function<bool()>& cancelled) {
    State& s = *state_;
    const std::unique_ptr<GpuReduceRunner> runner = make_runner(method, s.n);
    for (int i = 0; i < warmup; ++i)
        runner->run(s.input.get(), s.n);
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    GpuReduceSamples samples;
    Event start, stop;
    StreamGate gate;
    const bool gated = !runner->synchronizes();
    for (int r = 0; r < reps; ++r) {
        if (cancelled && cancelled())
            break;
        PL_CUDA_CHECK(cudaMemsetAsync(s.flush.get(), r & 0xff, s.flush.size()));
        if (gated)
            gate.close();
        start.record();
        runner->run(s.input.get(), s.n);
        stop.record();
        if (gated)
            gate.open();
        PL_CUDA_CHECK(cudaEventSynchronize(stop.get()));
        samples.ms.push_back(elapsed_ms(start, stop));
    }
    const std::optional<std::uint32_t> total = runner->total();
    samples.checked = total.has_value();
    samples.total = total.value_or(0);
    return samples;
}

} // namespace prefixlab
