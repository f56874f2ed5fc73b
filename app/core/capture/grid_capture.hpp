// Producing a grid trace (core/trace/grid_trace.hpp): generate the input, run the driver in the CPU
// emulator with a recording and turn the recording into the trace, or run it traced on the GPU
// (kernels/gpu/gpu_grid_trace.hpp: the ticket order and %globaltimer take the emulator's
// schedule order's place) and turn its records into the trace (grid_trace_of_gpu_run).
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "core/ground/scan_setup.hpp"
#include "core/trace/grid_trace.hpp"
#include "kernels/gpu/gpu_grid_trace.hpp"
#include "kernels/grid/grid_scan_request.hpp"

#include <cstdint>

namespace prefixlab {

// The emulator runs grids of up to this many elements: beyond, a run takes more than a few seconds
// (each emulated thread is a fiber); larger grid traces come from the GPU.
inline constexpr std::uint64_t kMaxEmulatedGridN = 65536;

// The GPU traces grids of up to this many elements (what a grid trace file holds), at tile level: its
// trace holds the accesses to the arrays the blocks share, a few per tile (more polls of a late
// predecessor), never the elements. (A test may trace larger grids in memory: grid_trace_of_gpu_run.)
inline constexpr std::uint64_t kMaxGpuGridN = kMaxGridTraceN;

struct GridCaptureRequest {
    GridScanRequest scan; // its input is generated from the fields below
    std::uint64_t n = 64;
    InputKind input = InputKind::iota;
    std::uint64_t seed = 1;
    GridSchedule schedule; // the emulator's; on the GPU the hardware schedules the blocks
    // cpu (the default): the emulator, under `schedule`, with element detail up to kMaxElementDetailN;
    // gpu: the real GPU, tile level; automatic: the GPU where there is one, else the emulator.
    DeviceChoice device = DeviceChoice::cpu;
};

// Throws std::invalid_argument for N out of range (1..kMaxEmulatedGridN in the emulator,
// 1..kMaxGpuGridN on the GPU) or a tile the body cannot take, EmulationError for a kernel error or a
// deadlock, ScanSetupError for DeviceChoice::gpu without a GPU.
GridTrace capture_grid_trace(const GridCaptureRequest& request);

// The tile-level trace of a traced GPU run (gpu_trace_grid_scan) of `request` over `input`: its launches,
// its accesses with times from the first, and the count of wrong outputs.
GridTrace grid_trace_of_gpu_run(const GridCaptureRequest& request, const std::vector<std::uint32_t>& input,
                                GpuGridRun&& run);

} // namespace prefixlab
