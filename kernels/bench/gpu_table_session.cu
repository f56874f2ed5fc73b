// The timed tables' one session (gpu_table_session.hpp): the memory check, the upload, and the timing
// loop every table's methods share.
#include "kernels/bench/gpu_bench.hpp" // GpuOutOfMemory, gpu_memory_info
#include "kernels/bench/gpu_table_session.hpp"
#include "kernels/bench/gpu_timing.cuh"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <stdexcept>
#include <string>

namespace prefixlab {

namespace {

// The output starts each repetition as this byte, so that a method's stray or missing write shows.
constexpr int kUnwrittenByte = 0xef;

std::string mib(std::size_t bytes) {
    return std::to_string(bytes >> 20) + " MiB";
}

// The speed of light of a pass that reads and writes every element: a device-to-device copy.
class CopyRunner final : public GpuTableRunner {
public:
    void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) override {
        PL_CUDA_CHECK(cudaMemcpyAsync(output, input, n * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice));
    }
    bool synchronizes() const override { return false; }
    std::optional<std::uint64_t> answer() override { return std::nullopt; }
};

} // namespace

std::unique_ptr<GpuTableRunner> make_copy_runner() { return std::make_unique<CopyRunner>(); }

struct GpuTableSession::State {
    State(std::size_t n, bool with_output)
        : n(n), input(n), output(with_output ? n : 0), flush(l2_flush_bytes()) {}
    std::size_t n;
    DeviceBuffer<std::uint32_t> input, output;
    DeviceBuffer<unsigned char> flush;
};

GpuTableSession::GpuTableSession(const std::uint32_t* input, std::size_t n, const GpuTableBuffers& buffers) {
    if (n == 0)
        throw std::invalid_argument("a timed table needs at least one element");
    // input, output, the methods' storage, the flush buffer, and room for the runtime's own
    const std::size_t arrays = (buffers.output ? 2 : 1) * n * sizeof(std::uint32_t);
    const std::size_t needed = arrays + buffers.workspace_bytes + l2_flush_bytes() + (std::size_t(64) << 20);
    const GpuMemoryInfo memory = gpu_memory_info();
    if (needed > memory.free_bytes)
        throw GpuOutOfMemory("needs " + mib(needed) + " of GPU memory, " + mib(memory.free_bytes) + " free");
    try {
        state_ = std::make_unique<State>(n, buffers.output);
    } catch (const CudaError& e) {
        if (e.code() != cudaErrorMemoryAllocation)
            throw;
        cudaGetLastError();
        throw GpuOutOfMemory("out of GPU memory allocating " + mib(needed));
    }
    PL_CUDA_CHECK(cudaMemcpy(state_->input.get(), input, n * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
}

GpuTableSession::~GpuTableSession() = default;

GpuTableSamples GpuTableSession::time(GpuTableRunner& runner, int warmup, int reps,
                                      const std::function<bool()>& cancelled) {
    State& s = *state_;
    std::uint32_t* output = s.output.get(); // null where the table has none
    for (int i = 0; i < warmup; ++i) {
        runner.prepare(s.input.get(), output, s.n);
        runner.run(s.input.get(), output, s.n);
    }
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    GpuTableSamples samples;
    Event start, stop;
    StreamGate gate;
    const bool gated = !runner.synchronizes();
    for (int r = 0; r < reps; ++r) {
        if (cancelled && cancelled())
            break;
        if (output)
            PL_CUDA_CHECK(cudaMemsetAsync(output, kUnwrittenByte, s.n * sizeof(std::uint32_t)));
        runner.prepare(s.input.get(), output, s.n);
        PL_CUDA_CHECK(cudaMemsetAsync(s.flush.get(), r & 0xff, s.flush.size()));
        if (gated)
            gate.close();
        start.record();
        runner.run(s.input.get(), output, s.n);
        stop.record();
        if (gated)
            gate.open();
        PL_CUDA_CHECK(cudaEventSynchronize(stop.get()));
        samples.ms.push_back(elapsed_ms(start, stop));
    }
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    if (samples.ms.empty())
        return samples;
    const std::optional<std::uint64_t> answer = runner.answer();
    samples.checked = answer.has_value();
    samples.answer = answer.value_or(0);
    if (samples.checked && output)
        samples.output = s.output.download(s.n);
    return samples;
}

} // namespace prefixlab
