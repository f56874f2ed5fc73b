// A step is the interval between two synchronisation points of a block (kernel start, a barrier, a
// shuffle round, kernel end). The kernel body names each step as it opens it with a StepTag: what the
// step does (its phase), the loop level and offset it belongs to, and the source file and line of the
// sync point that opens it. Human-readable labels are made from tags by one host function
// (step_label), file paths by another (kernel_file_path).
#pragma once

#include "host_device.hpp"

#include <cstdint>

namespace prefixlab {

enum class Phase : std::uint8_t {
    load,            // copy the block's input from global into shared memory
    load_registers,  // copy the block's input from global memory into registers
    scan_read,       // Hillis–Steele in place: read the partner at distance `offset`
    scan_write,      // Hillis–Steele in place: combine and write back
    scan_step,       // Hillis–Steele double-buffered: read one buffer, write the other
    racy_step,       // Hillis–Steele without the barrier between read and write
    up_sweep,        // Blelloch: reduce pairs `offset` apart (level = d, offset = 2^d)
    clear_root,      // Blelloch: the identity into the last element
    down_sweep,      // Blelloch: distribute down the tree (level = d, offset = 2^d)
    warp_shuffle,    // warp scan: one __shfl_up_sync round (level = round, offset = delta)
    totals_load,     // warp 0 loads the warps' totals
    totals_shuffle,  // warp 0 scans the totals: one shuffle round
    fan_out,         // each warp adds the total of the warps before it
    exclusive_shift, // exclusive result: shift by one lane
    store,           // copy the result into global memory
};

inline constexpr int kPhaseCount = 15;

// The kernel source files a step can be opened in; paths come from kernel_file_path().
enum class KernelFile : std::uint8_t {
    hillis_steele,
    hillis_steele_double_buffer,
    hillis_steele_racy,
    blelloch,
    warp_shuffle_scan,
    warp_scan,
};

inline constexpr int kKernelFileCount = 6;

// How a step was opened; it decides which snapshots exist at its end (see docs/trace-format.md).
enum class StepOpening : std::uint8_t { kernel_start, barrier, shuffle };

struct StepTag {
    Phase phase = Phase::load;
    StepOpening opening = StepOpening::kernel_start;
    KernelFile file = KernelFile::hillis_steele;
    std::uint8_t reserved = 0;
    std::uint16_t level = 0;  // the loop variable as the textbook names it (iteration, d, round)
    std::uint16_t reserved2 = 0;
    std::uint32_t offset = 0; // partner distance, stride or shuffle delta of this level (0: none)
    std::uint32_t line = 0;   // source line of the sync point that opens the step
};

PL_HOST_DEVICE constexpr StepTag step_tag(KernelFile file, Phase phase, std::uint32_t line, std::uint16_t level = 0,
                                          std::uint32_t offset = 0) {
    StepTag tag;
    tag.file = file;
    tag.phase = phase;
    tag.level = level;
    tag.offset = offset;
    tag.line = line;
    return tag;
}

PL_HOST_DEVICE constexpr bool operator==(const StepTag& a, const StepTag& b) {
    return a.phase == b.phase && a.opening == b.opening && a.file == b.file && a.level == b.level &&
           a.offset == b.offset && a.line == b.line;
}

} // namespace prefixlab
