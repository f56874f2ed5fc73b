#include "core/capture/grid_reduce_run.hpp"

#include "core/capture/gpu_info.hpp"
#include "core/emulator/emulate_grid_reduce.hpp"
#include "core/ground/kernel_info.hpp"
#include "kernels/gpu/gpu_grid_reduce.hpp"

#include <chrono>

namespace prefixlab {

GridReduceRun run_grid_reduce_on(const GridReduceRequest& request, DeviceChoice device) {
    const GpuStatus& gpu = gpu_info();
    if (device == DeviceChoice::gpu && !gpu.available)
        throw ScanSetupError(ScanSetting::device, {}, "--device gpu: no CUDA GPU available (" + gpu.reason + ")");
    GridReduceRun run;
    run.on_gpu = device == DeviceChoice::gpu || (device == DeviceChoice::automatic && gpu.available);
    const auto start = std::chrono::steady_clock::now();
    run.total = run.on_gpu ? gpu_run_grid_reduce(request) : emulate_grid_reduce(request, GridSchedule{});
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int items = kernel_info(request.algorithm).elements_per_thread;
    run.longest_path = grid_reduce_longest_path(request.finish, request.input.size(), request.threads, items);
    return run;
}

} // namespace prefixlab
