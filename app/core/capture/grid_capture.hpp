// Producing a grid trace (core/trace/grid_trace.hpp): generate the input, run the driver in the CPU
// emulator with a recording, and turn the recording into the trace. (A traced GPU run fills the same
// recording: the ticket order and %globaltimer take the emulator's schedule order's place.)
#pragma once

#include "core/emulator/emulated_grid.hpp"
#include "core/trace/grid_trace.hpp"
#include "kernels/grid/grid_scan_request.hpp"

#include <cstdint>

namespace prefixlab {

// The emulator runs grids of up to this many elements: beyond, a run takes more than a few seconds
// (each emulated thread is a fiber); larger grid traces come from the GPU.
inline constexpr std::uint64_t kMaxEmulatedGridN = 65536;

struct GridCaptureRequest {
    GridScanRequest scan; // its input is generated from the fields below
    std::uint64_t n = 64;
    InputKind input = InputKind::iota;
    std::uint64_t seed = 1;
    GridSchedule schedule;
};

// Throws std::invalid_argument for N out of range (1..kMaxEmulatedGridN) or a tile the body cannot
// take, and EmulationError for a kernel error or a deadlock.
GridTrace capture_grid_trace(const GridCaptureRequest& request);

} // namespace prefixlab
