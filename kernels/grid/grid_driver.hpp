// The ways PrefixLab scans an array longer than one block can hold, chosen at run time: the host entry
// points (emulate_grid_scan, gpu_run_grid_scan) and the benchmark take one of these, and every one is
// written once for the GPU and the emulator (kernels/grid/grid_driver_plan.hpp runs them).
//
//   scan_then_propagate   scan every tile and store its total; scan the totals; combine each tile's
//                         prefix into its elements (3 launches; reads and writes the array twice: 4N)
//   reduce_then_scan      reduce every tile to its total; scan the totals; scan every tile again with
//                         its prefix as carry (3 launches; reads the input twice, writes once: 3N)
//   two_level             Merrill's two-level reduce-then-scan: a fixed number B of blocks, each
//                         reducing, then scanning serially, its own run of tiles; the spine is B long
//   atomic_global         the lecture's global scan: each block scans its tile and atomically combines
//                         its total into the partial sum of every later tile; an update kernel
//                         combines each tile's partial into it (tiles²/2 atomics)
//   chained               single pass: each tile waits for its predecessor's inclusive prefix
//   decoupled_look_back   single pass: each tile looks back over its predecessors' published
//                         aggregates and prefixes (Merrill & Garland 2016)
#pragma once

#include "kernels/common/host_device.hpp"

#include <cstdint>

namespace prefixlab {

enum class GridDriver : std::uint8_t {
    scan_then_propagate,
    reduce_then_scan,
    two_level,
    atomic_global,
    chained,
    decoupled_look_back
};

// One launch for the whole array, its tiles talking through status words (kernels/grid/single_pass_scan.cuh).
PL_HOST_DEVICE constexpr bool is_single_pass(GridDriver driver) {
    return driver == GridDriver::chained || driver == GridDriver::decoupled_look_back;
}

// Whether the driver's output and every recorded access are the same under any block schedule: no
// block waits for another inside a launch, and its atomics (atomic_global) combine in the schedule's
// order only, which on the GPU is the hardware's (exact for integers and max/min, not for float sums).
PL_HOST_DEVICE constexpr bool is_deterministic(GridDriver driver) { return !is_single_pass(driver); }

} // namespace prefixlab
