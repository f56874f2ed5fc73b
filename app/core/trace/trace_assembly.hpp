// Turns what a traced run recorded (RawTrace, from the GPU or the emulator) into a Trace: accesses in
// canonical order, snapshots carried forward where a step ended at a shuffle, and words marked
// undefined until something writes them. One function for both producers, so they cannot drift.
#pragma once

#include "core/trace/trace.hpp"
#include "kernels/common/raw_trace.hpp"

#include <cstdint>

namespace prefixlab {

// Throws std::runtime_error when the raw trace is inconsistent (sizes, steps out of range) or breaks
// a guarantee of trace_validation.hpp.
Trace assemble_trace(const TraceConfig& config, const std::vector<std::uint32_t>& input, const RawTrace& raw);

// The canonical order of accesses: by step, then warp, then per-thread order, then lane — so that
// the accesses of one warp-wide instruction are adjacent. As one number, inline: the loader sorts,
// the validator checks and binary-searches by it (a tuple compared out of line was 5% of loading a
// 40 MB trace).
constexpr std::uint64_t canonical_key(const AccessRecord& a) {
    return std::uint64_t(a.step) << 32 | std::uint64_t(warp_of(a.thread)) << 16 | std::uint64_t(a.seq) << 8 |
           lane_of(a.thread);
}
inline bool canonical_access_order(const AccessRecord& a, const AccessRecord& b) {
    return canonical_key(a) < canonical_key(b);
}

} // namespace prefixlab
