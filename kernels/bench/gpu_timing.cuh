// What every GPU timing loop of the benchmarks shares (gpu_bench.cu for the scans, gpu_table_session.cu
// for the timed tables): CUDA events, the gate that holds the stream until a whole repetition is queued,
// and the size of the L2 flush before each repetition.
#pragma once

#include "kernels/gpu/cuda_check.hpp"

#include <cstddef>
#include <cuda_runtime.h>

namespace prefixlab {

inline std::size_t l2_flush_bytes() {
    int device = 0, l2 = 0;
    PL_CUDA_CHECK(cudaGetDevice(&device));
    PL_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    return 2 * static_cast<std::size_t>(l2); // twice the L2: every line of the previous run is evicted
}

// Holds the stream until the host has queued a whole timed repetition, so that a slow or preempted
// host thread (a virtual machine's, say) cannot leave the GPU idle between the start event and the
// scan's kernels and have that counted as scan time (it did: one small-N point on the H100 read 0.1 ms
// instead of 0.015 ms). The gate kernel spins until the host opens a flag in mapped pinned memory;
// the timeout means a host that never opens it costs a second, not a hang. nvbench does the same.
class StreamGate {
public:
    StreamGate() {
        void* host = nullptr;
        void* device = nullptr;
        PL_CUDA_CHECK(cudaHostAlloc(&host, sizeof(int), cudaHostAllocMapped));
        PL_CUDA_CHECK(cudaHostGetDevicePointer(&device, host, 0));
        flag_ = static_cast<volatile int*>(host);
        device_flag_ = static_cast<int*>(device);
        *flag_ = 1;
    }
    ~StreamGate() { cudaFreeHost(const_cast<int*>(flag_)); }
    StreamGate(const StreamGate&) = delete;
    StreamGate& operator=(const StreamGate&) = delete;

    // The stream waits here until open(); the previous gate must have passed (the caller synchronised).
    void close(); // gpu_timing.cu
    void open() { *flag_ = 1; }

private:
    volatile int* flag_ = nullptr;
    int* device_flag_ = nullptr;
};

// Owns CUDA events; created once per timing loop.
class Event {
public:
    Event() { PL_CUDA_CHECK(cudaEventCreate(&event_)); }
    ~Event() { cudaEventDestroy(event_); }
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
    void record() { PL_CUDA_CHECK(cudaEventRecord(event_)); }
    cudaEvent_t get() const { return event_; }

private:
    cudaEvent_t event_{};
};

inline double elapsed_ms(const Event& from, const Event& to) {
    float ms = 0;
    PL_CUDA_CHECK(cudaEventElapsedTime(&ms, from.get(), to.get()));
    return ms;
}

} // namespace prefixlab
