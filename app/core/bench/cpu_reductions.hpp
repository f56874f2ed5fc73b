// The reduction table's CPU baselines (issue 15), uint32 + as the GPU side's: a plain loop, std::reduce
// (which may reorder, so the compiler vectorises it), and every core, each summing a contiguous chunk.
// The lecture's point that "for small n the CPU may finish faster" is measured against these.
#pragma once

#include <cstddef>
#include <cstdint>

namespace prefixlab {

std::uint32_t cpu_loop_reduce(const std::uint32_t* in, std::size_t n);
std::uint32_t cpu_std_reduce(const std::uint32_t* in, std::size_t n);

// Below this many elements the threaded sum stays on the caller's thread: starting the threads costs
// tens of microseconds, as long as a serial sum of a few million elements takes on one core.
inline constexpr std::size_t kThreadedReduceSerialBelow = std::size_t(1) << 20;

// `threads` ≥ 1 threads (the caller's included), started for each call: a sum reads each element once,
// so above kThreadedReduceSerialBelow the start-up is a few percent of the time.
std::uint32_t cpu_threaded_reduce(const std::uint32_t* in, std::size_t n, int threads,
                                  std::size_t serial_below = kThreadedReduceSerialBelow);

} // namespace prefixlab
