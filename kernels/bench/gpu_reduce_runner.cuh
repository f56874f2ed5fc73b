// Inside the reduction benchmark: one interface over everything it times (gpu_reduce_bench.cu), with
// CUB and Thrust in their own translation unit (gpu_reduce_libraries.cu: they compile slowly).
#pragma once

#include "kernels/bench/gpu_reduce_bench.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace prefixlab {

class GpuReduceRunner {
public:
    virtual ~GpuReduceRunner() = default;
    // Enqueues the reduction of input[0, n) on the default stream (or runs it, where it synchronises).
    virtual void run(const std::uint32_t* input, std::size_t n) = 0;
    // Whether run() waits for the GPU itself (Thrust returns the total to the host; the CPU finish
    // reads the totals back): such a run cannot be queued behind the timing gate.
    virtual bool synchronizes() const = 0;
    // The last run's total (waits for the GPU); none for the read-only pass.
    virtual std::optional<std::uint32_t> total() = 0;
};

// cub or thrust, uint32 +, for arrays of up to max_n elements.
std::unique_ptr<GpuReduceRunner> make_library_reduce_runner(GpuReduceKind kind, std::size_t max_n);

} // namespace prefixlab
