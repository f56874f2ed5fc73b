#include "kernels/bench/gpu_timing.cuh"

namespace prefixlab {

namespace {

// Spins until the host opens the flag, or a timeout passes (StreamGate).
__global__ void gate_kernel(const volatile int* open, unsigned long long timeout_ns) {
    unsigned long long started = 0, now = 0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(started));
    while (*open == 0) {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
        if (now - started > timeout_ns)
            break;
        __nanosleep(200);
    }
}

} // namespace

void StreamGate::close() {
    *flag_ = 0;
    gate_kernel<<<1, 1>>>(device_flag_, 1'000'000'000ull);
    PL_CUDA_CHECK_LAUNCH();
}

} // namespace prefixlab
