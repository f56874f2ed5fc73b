// The kernel wrapper and host launchers for one single-block algorithm, instantiated for a few kernels of
// the catalogue in each translation unit (generated from gpu_block_scan_kernel.cu.in).
#pragma once

#include "kernels/block_dispatch.hpp"
#include "kernels/common/block_request.hpp"
#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/raw_trace.hpp"
#include "kernels/common/scan_io.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/cuda_context.cuh"
#include "kernels/gpu/device_buffer.cuh"
#include "kernels/gpu/gpu_block_scan_entry.hpp"
#include "kernels/kernel_instances.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

template <class Algo, class Op, bool Traced>
__global__ void block_scan_kernel(const typename Op::value_type* input, typename Op::value_type* output, int n,
                                  bool exclusive, KeepPredicate keep, int end_bit, DeviceTraceSink sink) {
    extern __shared__ __align__(16) unsigned char shared_memory[];
    CudaContext<Traced> ctx(shared_memory, sink);
    ScanIo<typename Op::value_type> io{input, output, n, exclusive};
    io.keep = keep;
    io.radix_end_bit = end_bit;
    Algo::template run<Op>(ctx, io);
    ctx.finish();
}

template <class Algo>
void require_gpu_block_size(std::size_t n) {
    if (n < 1 || n > static_cast<std::size_t>(Algo::kMaxN))
        throw std::invalid_argument("N = " + std::to_string(n) + " is out of range (1.." +
                                    std::to_string(Algo::kMaxN) + ")");
}

template <class Algo>
void require_gpu_block_threads(const BlockRequest& request) {
    if (launch_threads<Algo>(request) > kMaxBlockThreads)
        throw std::invalid_argument("a block has at most " + std::to_string(kMaxBlockThreads) + " threads");
}

template <class T>
std::vector<T> elements_from_bits(const std::vector<std::uint32_t>& bits) {
    std::vector<T> values(bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i)
        values[i] = from_bits<T>(bits[i]);
    return values;
}

template <class T>
std::vector<std::uint32_t> bits_from_elements(const std::vector<T>& values) {
    std::vector<std::uint32_t> bits(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        bits[i] = to_bits(values[i]);
    return bits;
}

// The output as the emulator starts it: every word kUnwrittenPattern, so that the words a kernel leaves
// (a block reduction writes output[0] only) read the same from both.
template <class T>
std::vector<T> unwritten_output(int n) {
    return elements_from_bits<T>(std::vector<std::uint32_t>(static_cast<std::size_t>(n), kUnwrittenPattern));
}

template <class Algo, class Op>
std::vector<std::uint32_t> run_untraced_on_gpu(const BlockRequest& request) {
    using T = typename Op::value_type;
    const int n = static_cast<int>(request.input.size());
    require_gpu_block_size<Algo>(request.input.size());
    require_gpu_block_threads<Algo>(request);
    DeviceBuffer<T> input(n), output(n);
    input.upload(elements_from_bits<T>(request.input));
    output.upload(unwritten_output<T>(n));
    const std::size_t shared_bytes = Algo::layout(n).total_words * sizeof(std::uint32_t);
    block_scan_kernel<Algo, Op, false>
        <<<1, launch_threads<Algo>(request), shared_bytes>>>(input.get(), output.get(), n, request.exclusive, request.keep,
                                                       radix_end_bit(request), DeviceTraceSink{});
    PL_CUDA_CHECK_LAUNCH();
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    return bits_from_elements(output.download(n));
}

template <class Algo, class Op>
RawTrace trace_on_gpu(const BlockRequest& request) {
    using T = typename Op::value_type;
    const int n = static_cast<int>(request.input.size());
    require_gpu_block_size<Algo>(request.input.size());
    require_gpu_block_threads<Algo>(request);
    const std::uint32_t threads = static_cast<std::uint32_t>(launch_threads<Algo>(request));
    const SharedLayout layout = Algo::layout(n);
    const std::uint32_t words = layout.total_words;
    const std::size_t shared_bytes = words * sizeof(std::uint32_t);
    const std::size_t register_slots = Algo::kWatchesRegisters ? std::size_t(kMaxTraceSteps) * threads : 0;

    DeviceBuffer<T> input(n), output(n);
    input.upload(elements_from_bits<T>(request.input));
    output.upload(unwritten_output<T>(n));
    DeviceBuffer<StepTag> steps(kMaxTraceSteps);
    DeviceBuffer<std::uint32_t> shared(std::size_t(kMaxTraceSteps) * words);
    DeviceBuffer<std::uint8_t> shared_taken(kMaxTraceSteps);
    DeviceBuffer<std::uint32_t> registers(register_slots);
    DeviceBuffer<std::uint8_t> registers_taken(register_slots);
    DeviceBuffer<std::uint32_t> register_sources(2 * register_slots);
    DeviceBuffer<std::uint32_t> counters(3); // access count, step count, error flags

    // Most kernels make fewer than 64 accesses per thread; if one makes more, run again with room.
    std::uint32_t capacity = threads * 64u;
    std::uint32_t recorded = 0;
    for (;;) {
        DeviceBuffer<AccessRecord> accesses(capacity);
        shared_taken.zero();
        registers_taken.zero();
        counters.zero();
        DeviceTraceSink sink;
        sink.accesses = accesses.get();
        sink.access_capacity = capacity;
        sink.access_count = counters.get();
        sink.step_count = counters.get() + 1;
        sink.error_flags = counters.get() + 2;
        sink.steps = steps.get();
        sink.shared = shared.get();
        sink.shared_taken = shared_taken.get();
        sink.shared_words = words;
        sink.registers = registers.get();
        sink.registers_taken = registers_taken.get();
        sink.register_sources = register_sources.get();
        sink.threads = threads;
        block_scan_kernel<Algo, Op, true>
            <<<1, threads, shared_bytes>>>(input.get(), output.get(), n, request.exclusive, request.keep,
                                            radix_end_bit(request), sink);
        PL_CUDA_CHECK_LAUNCH();
        PL_CUDA_CHECK(cudaDeviceSynchronize());

        const std::vector<std::uint32_t> count = counters.download(3);
        if (count[2] & kTraceIndexOutOfBounds)
            throw std::runtime_error("GPU trace: a shared-memory index was outside its buffer");
        if (count[2] & kTraceTooManyAccesses)
            throw std::runtime_error("GPU trace: a thread makes more than " + std::to_string(kMaxAccessSeq + 1) +
                                     " accesses in one step");
        if (count[2] & kTraceStepOverflow)
            throw std::runtime_error("GPU trace: the kernel opens more than " + std::to_string(kMaxTraceSteps) +
                                     " steps");
        recorded = count[0];
        if (recorded > capacity) {
            capacity = recorded;
            continue;
        }

        RawTrace trace;
        trace.threads = threads;
        trace.shared_words = words;
        trace.step_count = count[1];
        trace.records_registers = Algo::kWatchesRegisters;
        trace.steps = steps.download(trace.step_count);
        trace.shared = shared.download(std::size_t(trace.step_count) * words);
        trace.shared_taken = shared_taken.download(trace.step_count);
        if (trace.records_registers) {
            trace.registers = registers.download(std::size_t(trace.step_count) * threads);
            trace.registers_taken = registers_taken.download(std::size_t(trace.step_count) * threads);
            trace.register_sources = register_sources.download(2 * std::size_t(trace.step_count) * threads);
        }
        trace.accesses = accesses.download(recorded);
        trace.output = bits_from_elements(output.download(n));
        return trace;
    }
}

// The entry points (gpu_block_scan_entry.hpp) that the generated units instantiate for each kernel, over
// its instantiation list (kernels/kernel_instances.hpp).
template <class Algo>
RawTrace gpu_trace_algorithm(const BlockRequest& request) {
    if constexpr (!traced_on_gpu<Algo>())
        throw std::invalid_argument(std::string(Algo::kName) +
                                    " is not traced on the GPU: a barrier or shuffle in a divergent branch may hang it");
    else
        return dispatch_instance<Algo>(request.type, request.op,
                                       [&]<class Op>() { return trace_on_gpu<Algo, Op>(request); });
}

template <class Algo>
std::vector<std::uint32_t> gpu_run_algorithm(const BlockRequest& request) {
    return dispatch_instance<Algo>(request.type, request.op,
                                   [&]<class Op>() { return run_untraced_on_gpu<Algo, Op>(request); });
}

} // namespace prefixlab
