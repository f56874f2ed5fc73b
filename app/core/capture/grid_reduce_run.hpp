// One multi-block reduction (kernels/grid/grid_reduce_plan.hpp) on the GPU or in the CPU emulator, for
// `prefixlab reduce`: the entry points see the kernels only through here.
#pragma once

#include "core/ground/scan_setup.hpp"
#include "kernels/grid/grid_reduce_request.hpp"

#include <cstdint>

namespace prefixlab {

// The emulator runs every thread of every block as a fiber: 2^22 elements of a kernel with one a
// thread take about half a minute (2^20: 3 s in a release build); the GPU takes what an int counts.
inline constexpr std::uint64_t kMaxEmulatedReduceN = std::uint64_t(1) << 22;

struct GridReduceRun {
    std::uint32_t total = 0; // the total's 32-bit pattern
    bool on_gpu = false;
    double seconds = 0;      // wall time of the run (upload and read-back included on the GPU)
    std::size_t longest_path = 0; // grid_reduce_longest_path of the run's plan, for a float sum's bound
};

// `device`: gpu, cpu (the emulator) or automatic (the GPU where there is one). Throws ScanSetupError
// for gpu without a GPU, std::invalid_argument for what the reduction refuses (emulate_grid_reduce,
// gpu_run_grid_reduce), EmulationError, CudaError.
GridReduceRun run_grid_reduce_on(const GridReduceRequest& request, DeviceChoice device);

} // namespace prefixlab
