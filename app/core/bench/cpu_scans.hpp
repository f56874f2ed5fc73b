// The benchmark's CPU baselines, for every scan (element type, operator, inclusive or exclusive: the
// operators of kernels/common/scan_operators.hpp, so integer sums wrap like the GPU kernels'): a plain
// loop, std::inclusive_scan / std::exclusive_scan, and in parallel on every core. They are what a GPU
// scan is compared with, so each is written the way a careful CPU programmer would, no slower.
// Elements are 32-bit patterns of the scan's type (value_bits.hpp), read and written as that type.
//
// All three accept in == out (an in-place scan) and any n, including 0. The loop and std:: scans
// combine left to right, as the reference does (reference_scan.hpp); the parallel scan adds float
// sums in another order, so its float sums round differently (within output_check.hpp's bound).
#pragma once

#include "kernels/bench/gpu_bench.hpp" // BenchScan

#include <cstddef>
#include <cstdint>
#include <memory>

namespace prefixlab {

// Inclusive: out[i] = in[0] ⊕ ... ⊕ in[i]; exclusive: out[i] = identity ⊕ in[0] ⊕ ... ⊕ in[i-1]; one
// element after another.
void cpu_loop_scan(const BenchScan& scan, const std::uint32_t* in, std::uint32_t* out, std::size_t n);

// The same through std::inclusive_scan / std::exclusive_scan (the standard library's serial scans).
void cpu_std_scan(const BenchScan& scan, const std::uint32_t* in, std::uint32_t* out, std::size_t n);

// Below this many elements CpuParallelScan runs serially on the caller's thread: waking the pool
// and the two barriers cost a few microseconds, as long as a serial scan of ~64Ki elements.
inline constexpr std::size_t kParallelScanSerialBelow = std::size_t(64) * 1024;

// A parallel scan on a persistent pool of threads, created once so that timing many repetitions
// of a small N measures the scan, not thread creation. Reduce-then-scan in three phases:
//   1. reduce:  every thread combines its contiguous chunk of the input     (reads the input once)
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
    void scan(const BenchScan& scan, const std::uint32_t* in, std::uint32_t* out, std::size_t n);

private:
    struct Pool; // the threads, their barriers and the current task (cpu_scans.cpp)
    int threads_;
    std::size_t serial_below_;
    std::unique_ptr<Pool> pool_; // null when threads_ == 1
};

} // namespace prefixlab
