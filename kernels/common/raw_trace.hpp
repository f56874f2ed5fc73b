// What one traced run of a block leaves behind, before the host turns it into a Trace: the arrays the
// GPU kernel filled (copied back) or the emulator filled directly. Both producers fill exactly these
// fields with exactly the same rules, so one assembly function serves both.
#pragma once

#include "kernels/common/trace_records.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct RawTrace {
    std::uint32_t threads = 0;
    std::uint32_t shared_words = 0;
    std::uint32_t step_count = 0;
    bool records_registers = false;

    std::vector<StepTag> steps;                // [step_count]
    std::vector<std::uint32_t> shared;         // [step_count][shared_words], at each step's end
    std::vector<std::uint8_t> shared_taken;    // [step_count]: 1 where a block-wide snapshot was taken
    std::vector<std::uint32_t> registers;      // [step_count][threads], each thread's watched register
    std::vector<std::uint8_t> registers_taken; // [step_count][threads]
    std::vector<std::uint32_t> register_sources; // [step_count][threads][2]: provenance of each snapshot
    std::vector<AccessRecord> accesses;        // in any order; assembly sorts them
    std::vector<std::uint32_t> output;         // the kernel's global output, as bits
};

} // namespace prefixlab
