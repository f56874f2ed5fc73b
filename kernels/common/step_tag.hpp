// A step is the interval between two synchronisation points of a block (kernel start, a barrier, a
// shuffle round, kernel end). The kernel body names each step as it opens it with a StepTag: what the
// step does (its phase), the loop level and offset it belongs to, and the source file and line of the
// sync point that opens it. Human-readable labels are made from tags by one host function
// (step_label), file paths by another (kernel_file_path).
//
// Phases and source files belong to the kernels that use them: a kernel declares its own (PhaseSpec,
// kernels/common/phase_spec.hpp; its source path) in its catalogue entry, and no central list of them
// exists. A tag therefore carries ids made from their names (a hash, fixed at compile time), which the
// host maps back through the kernel catalogue; the catalogue refuses, at compile time, two names with
// one id.
#pragma once

#include "kernels/common/host_device.hpp"

#include <cstdint>

namespace prefixlab {

// What a step does, e.g. "up-sweep": the id of a phase's name (phase_named).
enum class Phase : std::uint32_t {};

// The kernel source file a step is opened in, e.g. "kernels/warp/warp_scan.cuh": the id of its path
// (kernel_file_at).
enum class KernelFile : std::uint32_t {};

// FNV-1a, 32 bits: small, constexpr on host and device, and good enough to tell a few dozen names apart
// (the catalogue checks that it does).
PL_HOST_DEVICE constexpr std::uint32_t name_id(const char* name) {
    std::uint32_t hash = 2166136261u;
    for (; *name != '\0'; ++name) {
        hash ^= static_cast<unsigned char>(*name);
        hash *= 16777619u;
    }
    return hash;
}

PL_HOST_DEVICE constexpr Phase phase_named(const char* name) { return Phase{name_id(name)}; }
PL_HOST_DEVICE constexpr KernelFile kernel_file_at(const char* path) { return KernelFile{name_id(path)}; }

// How a step was opened; it decides which snapshots exist at its end (see docs/trace-format.md).
enum class StepOpening : std::uint8_t { kernel_start, barrier, shuffle };

struct StepTag {
    Phase phase{};
    KernelFile file{};
    StepOpening opening = StepOpening::kernel_start;
    std::uint8_t reserved = 0;
    std::uint16_t level = 0;  // the loop variable as the textbook names it (iteration, d, round)
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
