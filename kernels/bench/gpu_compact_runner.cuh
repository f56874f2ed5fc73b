// Inside the compaction benchmark: one interface over everything it times (gpu_compact_bench.cu), with
// CUB and Thrust in their own translation unit (gpu_compact_libraries.cu: they compile slowly).
#pragma once

#include "kernels/bench/gpu_compact_bench.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace prefixlab {

class GpuCompactRunner {
public:
    virtual ~GpuCompactRunner() = default;
    // Before each repetition, untimed (thrust::stable_partition works in place: the input copied to the
    // output first).
    virtual void prepare(const std::uint32_t*, std::uint32_t*, std::size_t) {}
    // Enqueues the compaction of input[0, n) into output on the default stream (or runs it, where it
    // synchronises).
    virtual void run(const std::uint32_t* input, std::uint32_t* output, std::size_t n) = 0;
    // Whether run() waits for the GPU itself (Thrust returns the end iterator to the host): such a run
    // cannot be queued behind the timing gate.
    virtual bool synchronizes() const = 0;
    // The last run's kept count (waits for the GPU).
    virtual std::size_t kept() = 0;
};

// cub::DeviceSelect::If, thrust::copy_if or thrust::stable_partition over uint32 arrays of up to max_n.
std::unique_ptr<GpuCompactRunner> make_library_compact_runner(GpuCompactKind kind, std::size_t max_n);

} // namespace prefixlab
