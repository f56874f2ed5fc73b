// The compaction benchmark's session (gpu_compact_bench.hpp): the input uploaded once, each method timed
// with CUDA events around its launches, each repetition from a flushed L2 and, where the method does
// not wait for the GPU itself, queued behind the gate (gpu_timing.cuh) so that only the GPU's time
// counts.
#include "kernels/bench/gpu_bench.hpp" // GpuOutOfMemory, gpu_memory_info
#include "kernels/bench/gpu_compact_runner.cuh"
#include "kernels/bench/gpu_timing.cuh"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/grid_compact.cuh"

#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

// The speed of light of a pass that reads and writes every element: a device-to-device copy.
class CopyRunner final : public GpuCompactRunner {
public:
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        PL_CUDA_CHECK(cudaMemcpyAsync(output, input, n * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice));
    }
    bool synchronizes() const override { return false; }
    std::size_t kept() override { return 0; }
};

class OwnRunner final : public GpuCompactRunner {
public:
    OwnRunner(bool split, int threads, std::size_t max_n) : compact_(threads, max_n), split_(split) {}
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        compact_.run(input, output, n, split_);
    }
    bool synchronizes() const override { return false; }
    std::size_t kept() override { return compact_.kept(); }

private:
    GridCompact<AddOp<std::uint32_t>> compact_;
    bool split_;
};

std::unique_ptr<GpuCompactRunner> make_runner(const GpuCompactMethod& method, std::size_t n) {
    switch (method.kind) {
    case GpuCompactKind::copy:
        return std::make_unique<CopyRunner>();
    case GpuCompactKind::own:
        return std::make_unique<OwnRunner>(method.split, method.threads, n);
    default:
        break;
    }
    return make_library_compact_runner(method.kind, n);
}

std::string mib(std::size_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

} // namespace

struct GpuCompactSession::State {
    explicit State(std::size_t n) : n(n), input(n), output(n), flush(l2_flush_bytes()) {}
    std::size_t n;
    DeviceBuffer<std::uint32_t> input, output;
    DeviceBuffer<unsigned char> flush;
};

GpuCompactSession::GpuCompactSession(const std::uint32_t* input, std::size_t n) {
    if (n == 0)
        throw std::invalid_argument("a compaction needs at least one element");
    // input, output, CUB's or Thrust's storage (about the input's again at most) and the flush buffer
    const std::size_t needed = 3 * n * sizeof(std::uint32_t) + l2_flush_bytes() + (std::size_t(64) << 20);
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

GpuCompactSession::~GpuCompactSession() = default;

GpuCompactSamples GpuCompactSession::time(const GpuCompactMethod& method, int warmup, int reps,
                                          const std::function<bool()>& cancelled) {
    State& s = *state_;
    const std::unique_ptr<GpuCompactRunner> runner = make_runner(method, s.n);
    for (int i = 0; i < warmup; ++i) {
        runner->prepare(s.input.get(), s.output.get(), s.n);
        runner->run(s.input.get(), s.output.get(), s.n);
    }
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    GpuCompactSamples samples;
    Event start, stop;
    StreamGate gate;
    const bool gated = !runner->synchronizes();
    for (int r = 0; r < reps; ++r) {
        if (cancelled && cancelled())
            break;
        // the output starts unwritten each time, so that a method's stray or missing write shows
        PL_CUDA_CHECK(cudaMemsetAsync(s.output.get(), 0xef, s.n * sizeof(std::uint32_t)));
        runner->prepare(s.input.get(), s.output.get(), s.n);
        PL_CUDA_CHECK(cudaMemsetAsync(s.flush.get(), r & 0xff, s.flush.size()));
        if (gated)
            gate.close();
        start.record();
        runner->run(s.input.get(), s.output.get(), s.n);
        stop.record();
        if (gated)
            gate.open();
        PL_CUDA_CHECK(cudaEventSynchronize(stop.get()));
        samples.ms.push_back(elapsed_ms(start, stop));
    }
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    samples.checked = method.kind != GpuCompactKind::copy;
    if (samples.checked && !samples.ms.empty()) {
        samples.kept = runner->kept();
        samples.output = s.output.download(s.n);
    }
    return samples;
}

} // namespace prefixlab
