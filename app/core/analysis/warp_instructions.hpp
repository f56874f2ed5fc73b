// What a warp-wide memory instruction is, in a trace: the accesses of one step with equal (warp, kind,
// order), where `order` counts a thread's loads (or its stores) of the kind selected within the step,
// so the k-th load of every lane of a warp is one instruction, as the compiled kernel issues it. The
// shared-memory bank model (bank_conflicts.hpp) and the global-memory coalescing model (coalescing.hpp)
// both count these.
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct WarpAccessGroup {
    std::uint32_t warp = 0;
    AccessKind kind = AccessKind::read;
    std::uint32_t order = 0;
    std::uint8_t buffer = 0;               // the first access's
    std::vector<std::uint32_t> accesses;   // indices into Trace::accesses, by lane
};

// The instructions of step `step` among the accesses `selected` keeps, by warp, then program order.
// `cursor` is the index of the step's first access (accesses are in canonical order: step, warp, seq,
// lane) and is left at the next step's.
std::vector<WarpAccessGroup> warp_access_groups(const Trace& trace, std::uint32_t step, std::size_t& cursor,
                                                bool (*selected)(const AccessRecord&));

} // namespace prefixlab
