// The benchmark's CPU baselines: inclusive + scans of uint32 (wrapping, like the GPU kernels) as a
// plain loop, as std::inclusive_scan, and in parallel on every core. They are what a GPU scan is
// compared with, so each is written the way a careful CPU programmer would, no slower.
//
// All three accept in == out (an in-place scan) and any n, including 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace prefixlab {

// out[i] = in[0] + ... + in[i] (mod 2^32), one element after another.
void cpu_loop_scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n);

// The same through std::inclusive_scan (the standard library's serial scan).
void cpu_std_scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n);

// Below this many elements CpuParallelScan runs serially on the caller's thread: waking the pool
// and the two barriers cost a few microseconds, as long as a serial scan of ~64Ki elements.
inline constexpr std::size_t kParallelScanSerialBelow = std::size_t(64) * 1024;

// A parallel scan on a persistent pool of threads, created once so that timing many repetitions
// of a small N measures the scan, not thread creation. Reduce-then-scan in three phases:
//   1. reduce:  every thread sums its contiguous chunk of the input        (reads the input once)
//   2. spine:   one thread turns the chunk totals into exclusive offsets
//   3. scan:    every thread scans its chunk again, starting from its offset (reads again, writes once)
// A barrier separates the phases: no thread reads the offsets before all totals are in, and the
// caller returns only after every chunk is written.
//
// scan() runs one scan at a time: do not call it from two threads at once on the same object.
class CpuParallelScan {
public:
    // `threads` >= 1 threads in all, the caller's included (threads - 1 are started here);
    // std::invalid_argument otherwise. `serial_below` is the size under which scan() stays serial;
    // tests pass 0 to send even n = 0, 1, 2 through the pool.
    explicit CpuParallelScan(int threads, std::size_t serial_below = kParallelScanSerialBelow);
    ~CpuParallelScan(); // stops and joins the pool
    CpuParallelScan(const CpuParallelScan&) = delete;
    CpuParallelScan& operator=(const CpuParallelScan&) = delete;

    int threads() const { return threads_; }
    void scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n);

private:
    struct Pool; // the threads, their barriers and the current task (cpu_scans.cpp)
    int threads_;
    std::size_t serial_below_;
    std::unique_ptr<Pool> pool_; // null when threads_ == 1
};

} // namespace prefixlab
