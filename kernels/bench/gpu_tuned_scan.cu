// The tuned scan for every element type and operator (gpu_run_tuned_scan): the benchmark's runner of it
// (gpu_tuned_runners.cu), decoupled look-back by default, reduce-then-scan when deterministic. The one
// untimed entry point in bench/: it runs the timed runner once, so that the register-tile
// instantiations, nvcc's slowest, are compiled once, not again in kernels/gpu/.
#include "kernels/bench/gpu_scan_runner.cuh"
#include "kernels/bench/gpu_tuned_scan.hpp"
#include "kernels/gpu/cuda_check.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <stdexcept>

namespace prefixlab {

std::vector<std::uint32_t> gpu_run_tuned_scan(const TunedScanRequest& request) {
    if (request.input.empty())
        throw std::invalid_argument("a scan needs at least one element");
    const std::size_t n = request.input.size();
    GpuScanMethod method;
    method.kind = request.deterministic ? GpuScanKind::tuned_reduce_then_scan : GpuScanKind::tuned_look_back;
    const std::unique_ptr<GpuScanRunner> runner =
        make_tuned_runner(method, BenchScan{request.type, request.op, request.exclusive}, request.threads, n);
    DeviceBuffer<std::uint32_t> input(n), output(n);
    input.upload(request.input);
    runner->run(input.get(), output.get(), n, nullptr);
    PL_CUDA_CHECK(cudaDeviceSynchronize());
    return output.download(n);
}

} // namespace prefixlab
