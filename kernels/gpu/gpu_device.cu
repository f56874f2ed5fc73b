// Finding out whether a usable CUDA GPU is present, without failing when there is none: a machine
// without the NVIDIA driver still runs PrefixLab, on the emulator.
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"

#include <chrono>
#include <cstdlib>
#include <cuda_runtime.h>
#include <string>

namespace prefixlab {

namespace {

GpuStatus probe_gpu() {
    // Load every kernel when the context is created rather than at its first launch, so that trace
    // and benchmark timings measure the work, not module loading. Must precede the first CUDA call.
    setenv("CUDA_MODULE_LOADING", "EAGER", 0);
    GpuStatus status;
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess) {
        // Without any NVIDIA driver the runtime reports an "insufficient" driver; say what it means.
        status.reason = error == cudaErrorInsufficientDriver
                            ? std::string("no usable NVIDIA driver (") + cudaGetErrorString(error) + ")"
                            : std::string(cudaGetErrorString(error));
        cudaGetLastError(); // clear the sticky error so later calls are not blamed for it
        return status;
    }
    if (count == 0) {
        status.reason = "no CUDA-capable device is detected";
        return status;
    }
    cudaDeviceProp properties{};
    if (cudaGetDeviceProperties(&properties, 0) != cudaSuccess) {
        status.reason = "cannot read the properties of CUDA device 0";
        return status;
    }
    status.available = true;
    status.name = properties.name;
    return status;
}

} // namespace

const GpuStatus& gpu_status() {
    static const GpuStatus status = probe_gpu();
    return status;
}

double gpu_create_context() {
    gpu_status(); // sets the module-loading mode first
    const auto start = std::chrono::steady_clock::now();
    PL_CUDA_CHECK(cudaFree(nullptr));
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace prefixlab
