// The GPU benchmark session: uploads one size's input and reference for one scan, times each method with CUDA
// events around its kernels (phases with events between them), and verifies the output on the
// device. Method: `warmup` untimed runs, then each timed repetition starts from a flushed L2, queued
// behind a gate so that only the GPU's time is measured (StreamGate).
#include "kernels/bench/gpu_bench.hpp"
#include "kernels/bench/gpu_scan_runner.cuh"
#include "kernels/bench/gpu_timing.cuh"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

namespace prefixlab {

namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

std::string gib(std::size_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / double(1u << 30));
    return text;
}

// Counts the elements where output and expected differ and keeps the first such index. Each thread
// counts in a register and reports once, so a wholly wrong output costs no more than a right one.
__global__ void count_mismatches_kernel(const std::uint32_t* output, const std::uint32_t* expected, std::size_t n,
                                        unsigned long long* mismatches, unsigned long long* first) {
    unsigned long long count = 0, earliest = ~0ull;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x) {
        if (output[i] != expected[i]) {
            earliest = count == 0 ? i : earliest;
            ++count;
        }
    }
    if (count > 0) {
        atomicAdd(mismatches, count);
        atomicMin(first, earliest);
    }
}

// Records an event at each phase boundary a driver marks.
class PhaseEvents final : public DriverTimer {
public:
    explicit PhaseEvents(std::size_t phases) : events_(phases) {}
    void reset() { marked_ = 0; }
    void mark() override {
        if (marked_ < events_.size())
            events_[marked_++].record();
    }
    std::size_t marked() const { return marked_; }
    const Event& at(std::size_t i) const { return events_[i]; }

private:
    std::vector<Event> events_;
    std::size_t marked_ = 0;
};

// Pinned host memory, for transfers at the bus's full speed.
class PinnedBuffer {
public:
    explicit PinnedBuffer(std::size_t bytes) {
        const cudaError_t error = cudaMallocHost(&data_, bytes);
        if (error == cudaErrorMemoryAllocation) {
            cudaGetLastError();
            throw GpuOutOfMemory("cannot pin " + gib(bytes) + " of host memory for the transfer timings");
        }
        cuda_check(error, "cudaMallocHost");
    }
    ~PinnedBuffer() { cudaFreeHost(data_); }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    void* get() const { return data_; }

private:
    void* data_ = nullptr;
};

// The buffer gpu_reserve_transfer_buffer() pinned, kept until the program ends.
std::unique_ptr<PinnedBuffer>& reserved_transfer_buffer() {
    static std::unique_ptr<PinnedBuffer> buffer;
    return buffer;
}
std::size_t& reserved_transfer_bytes() {
    static std::size_t bytes = 0;
    return bytes;
}

} // namespace

bool gpu_reserve_transfer_buffer(std::size_t bytes) {
    if (reserved_transfer_bytes() >= bytes)
        return true;
    reserved_transfer_buffer().reset();
    reserved_transfer_bytes() = 0;
    try {
        reserved_transfer_buffer() = std::make_unique<PinnedBuffer>(bytes);
        reserved_transfer_bytes() = bytes;
        return true;
    } catch (const GpuOutOfMemory&) {
        return false;
    }
}

GpuMemoryInfo gpu_memory_info() {
    GpuMemoryInfo info;
    PL_CUDA_CHECK(cudaMemGetInfo(&info.free_bytes, &info.total_bytes));
    return info;
}

std::string gpu_driver_version() {
    // The kernel module's version line, e.g. "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64
    // 580.159.04  Release Build …": the first word made of digits and dots with a dot in it.
    std::ifstream file("/proc/driver/nvidia/version");
    for (std::string word; file >> word;)
        if (word.find('.') != std::string::npos && word.find_first_not_of("0123456789.") == std::string::npos &&
            std::isdigit(static_cast<unsigned char>(word.front())))
            return word;
    int version = 0;
    PL_CUDA_CHECK(cudaDriverGetVersion(&version));
    return "CUDA driver " + std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string gpu_runtime_version() {
    int version = 0;
    PL_CUDA_CHECK(cudaRuntimeGetVersion(&version));
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::size_t gpu_bench_session_bytes(std::size_t n) {
    const std::size_t array = n * sizeof(std::uint32_t);
    // input, output, reference; tile totals of the smallest tiles (32 elements: n/31 words over all
    // levels) or the single-pass scans' 8-byte status words (n/32 of them); the L2 flush; room for
    // CUB's and Thrust's temporary storage.
    return 3 * array + array / 31 + array / 16 + l2_flush_bytes() + 64 * kMiB;
}

struct GpuBenchSession::State {
    BenchScan scan;
    std::size_t n;
    DeviceBuffer<std::uint32_t> input, output;
    std::optional<DeviceBuffer<std::uint32_t>> reference;
    DeviceBuffer<unsigned char> flush;
    DeviceBuffer<unsigned long long> check; // mismatch count, first mismatch

    State(const BenchScan& scan, std::size_t n, bool verify)
        : scan(scan), n(n), input(n), output(n), flush(l2_flush_bytes()), check(2) {
        if (verify)
            reference.emplace(n);
    }

    void flush_l2(int repetition) {
        PL_CUDA_CHECK(cudaMemsetAsync(flush.get(), repetition & 0xff, flush.size()));
    }
};

GpuBenchSession::GpuBenchSession(const BenchScan& scan, const std::uint32_t* input, const std::uint32_t* reference,
                                 std::size_t n) {
    const std::size_t needed = gpu_bench_session_bytes(n);
    const GpuMemoryInfo memory = gpu_memory_info();
    if (needed > memory.free_bytes)
        throw GpuOutOfMemory("needs " + gib(needed) + " of GPU memory, " + gib(memory.free_bytes) + " free");
    try {
        state_ = std::make_unique<State>(scan, n, reference != nullptr);
    } catch (const CudaError& e) {
        if (e.code() != cudaErrorMemoryAllocation)
            throw;
        cudaGetLastError();
        throw GpuOutOfMemory("out of GPU memory allocating " + gib(needed));
    }
    const std::size_t bytes = n * sizeof(std::uint32_t);
    PL_CUDA_CHECK(cudaMemcpy(state_->input.get(), input, bytes, cudaMemcpyHostToDevice));
    if (reference != nullptr)
        PL_CUDA_CHECK(cudaMemcpy(state_->reference->get(), reference, bytes, cudaMemcpyHostToDevice));
}

GpuBenchSession::~GpuBenchSession() = default;

GpuScanSamples GpuBenchSession::time_scan(const GpuScanMethod& method, int threads, int warmup, int reps,
                                          const std::function<bool()>& cancelled) {
    State& s = *state_;
    std::unique_ptr<GpuScanRunner> runner;
    try {
        runner = gpu_scan_is_library(method.kind) ? make_library_runner(method, s.scan, s.n)
                                                  : make_driver_runner(method, s.scan, threads, s.n);
    } catch (const CudaError& e) {
        if (e.code() != cudaErrorMemoryAllocation)
            throw;
        cudaGetLastError();
        throw GpuOutOfMemory("out of GPU memory for the scan's workspace");
    }
    const std::size_t phases = gpu_scan_phase_names(method).size();
    PhaseEvents phase_events(phases);
    Event start, stop;
    GpuScanSamples samples;
    samples.phase_ms.assign(phases, {});

    for (int i = 0; i < warmup; ++i)
        runner->run(s.input.get(), s.output.get(), s.n, nullptr);
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    StreamGate gate;
    const bool gated = !gpu_scan_synchronizes(method.kind); // a gate would hold Thrust's own wait for a second
    for (int r = 0; r < reps; ++r) {
        if (cancelled && cancelled())
            break;
        s.flush_l2(r);
        if (gated)
            gate.close();
        phase_events.reset();
        start.record();
        runner->run(s.input.get(), s.output.get(), s.n, phases > 0 ? &phase_events : nullptr);
        stop.record();
        if (gated)
            gate.open(); // the whole repetition is queued: the GPU runs it without waiting for the host
        PL_CUDA_CHECK(cudaEventSynchronize(stop.get()));
        samples.ms.push_back(elapsed_ms(start, stop));
        // A scan of one tile marks only its first phase; the others took no time.
        for (std::size_t p = 0; p < phases; ++p)
            samples.phase_ms[p].push_back(p >= phase_events.marked()
                                              ? 0.0
                                              : elapsed_ms(p == 0 ? start : phase_events.at(p - 1), phase_events.at(p)));
    }

    // A scan is held to the CPU reference, bit for bit (32-bit patterns: exact for integers and for
    // max/min of floats, which only select); the copy baseline to its input. Without a reference the
    // caller checks download_output() (float sums, within a rounding bound).
    const bool copy = method.kind == GpuScanKind::copy;
    if (s.reference || copy) {
        const unsigned long long initial[2] = {0, ~0ull};
        PL_CUDA_CHECK(cudaMemcpy(s.check.get(), initial, sizeof initial, cudaMemcpyHostToDevice));
        const std::uint32_t* expected = copy ? s.input.get() : s.reference->get();
        count_mismatches_kernel<<<1024, 256>>>(s.output.get(), expected, s.n, s.check.get(), s.check.get() + 1);
        PL_CUDA_CHECK_LAUNCH();
        const std::vector<unsigned long long> check = s.check.download(2);
        samples.checked = true;
        samples.mismatches = static_cast<std::size_t>(check[0]);
        samples.verified = samples.mismatches == 0;
        if (!samples.verified) {
            samples.first_mismatch = static_cast<std::size_t>(check[1]);
            PL_CUDA_CHECK(cudaMemcpy(&samples.actual, s.output.get() + samples.first_mismatch, sizeof(std::uint32_t),
                                     cudaMemcpyDeviceToHost));
            PL_CUDA_CHECK(cudaMemcpy(&samples.expected, expected + samples.first_mismatch,
                                     sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
        }
    }
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    return samples;
}

GpuTransferSamples GpuBenchSession::time_transfers(int warmup, int reps) {
    State& s = *state_;
    const std::size_t bytes = s.n * sizeof(std::uint32_t);
    std::unique_ptr<PinnedBuffer> own; // only where nothing large enough was reserved
    void* host = nullptr;
    if (reserved_transfer_bytes() >= bytes) {
        host = reserved_transfer_buffer()->get();
    } else {
        own = std::make_unique<PinnedBuffer>(bytes);
        host = own->get();
    }
    Event start, middle, stop;
    GpuTransferSamples samples;
    for (int r = -warmup; r < reps; ++r) {
        start.record();
        PL_CUDA_CHECK(cudaMemcpyAsync(s.output.get(), host, bytes, cudaMemcpyHostToDevice));
        middle.record();
        PL_CUDA_CHECK(cudaMemcpyAsync(host, s.output.get(), bytes, cudaMemcpyDeviceToHost));
        stop.record();
        PL_CUDA_CHECK(cudaEventSynchronize(stop.get()));
        if (r >= 0) {
            samples.host_to_device_ms.push_back(elapsed_ms(start, middle));
            samples.device_to_host_ms.push_back(elapsed_ms(middle, stop));
        }
    }
    return samples;
}

std::vector<std::uint32_t> GpuBenchSession::download_output() const {
    return state_->output.download(state_->n);
}

} // namespace prefixlab
