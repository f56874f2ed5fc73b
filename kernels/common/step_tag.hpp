// A step is the interval between two synchronisation points of a block (kernel start, a barrier, a
// shuffle round, kernel end). The kernel body names each step as it opens it with a StepTag: what the
// step does (its phase), the loop level and offset it belongs to, and the source line of the sync
// point that opens it. Human-readable labels are made from tags by one host function (step_label).
#pragma once

#include "host_device.hpp"

#include <cstdint>

namespace prefixlab {

enum class Phase : std::uint8_t {
    load,         // copy the block's input from global into shared memory
    scan_read,    // Hillis–Steele: read the partner at distance `offset`
    scan_write,   // Hillis–Steele: combine and write back
    store,        // copy the result from shared into global memory
};

inline constexpr int kPhaseCount = 4;

// How a step was opened; it decides which snapshots exist at its end (see docs/trace-format.md).
enum class StepOpening : std::uint8_t { kernel_start, barrier, shuffle };

struct StepTag {
    Phase phase = Phase::load;
    StepOpening opening = StepOpening::kernel_start;
    std::uint16_t level = 0;  // loop iteration counted from 1 (0: not in a loop)
    std::uint32_t offset = 0; // partner distance or stride of this level (0: none)
    std::uint32_t line = 0;   // source line of the sync point that opens the step
};

PL_HOST_DEVICE constexpr StepTag step_tag(Phase phase, std::uint32_t line, std::uint16_t level = 0,
                                          std::uint32_t offset = 0) {
    StepTag tag;
    tag.phase = phase;
    tag.level = level;
    tag.offset = offset;
    tag.line = line;
    return tag;
}

PL_HOST_DEVICE constexpr bool operator==(const StepTag& a, const StepTag& b) {
    return a.phase == b.phase && a.opening == b.opening && a.level == b.level && a.offset == b.offset &&
           a.line == b.line;
}

} // namespace prefixlab
