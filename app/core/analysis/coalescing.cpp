#include "core/analysis/coalescing.hpp"

#include "core/analysis/warp_instructions.hpp"

#include <set>

namespace prefixlab {

namespace {

// Global atomics (histogram-global-atomics' counts) are neither loads nor stores: Nsight Compute counts them apart
// (..._op_red where the result is unused, _op_atom where it is used), and so does not this analysis.
bool is_global_access(const AccessRecord& a) {
    return (a.buffer == static_cast<std::uint8_t>(BufferId::input) ||
            a.buffer == static_cast<std::uint8_t>(BufferId::output)) &&
           (a.flags & kAccessAtomic) == 0;
}

void finish(GlobalInstruction& instruction, const Trace& trace) {
    std::set<std::uint32_t> sectors;
    for (std::uint32_t index : instruction.accesses) {
        const AccessRecord& a = trace.accesses[index];
        instruction.active_lanes |= 1u << lane_of(a.thread);
        sectors.insert(sector_of(a.word));
    }
    instruction.sectors = static_cast<std::uint32_t>(sectors.size());
}

void add_to_coalescing_totals(CoalescingTotals& totals, const GlobalInstruction& instruction) {
    if (instruction.kind == AccessKind::read) {
        ++totals.load_requests;
        totals.load_sectors += instruction.sectors;
    } else {
        ++totals.store_requests;
        totals.store_sectors += instruction.sectors;
    }
}

} // namespace

CoalescingAnalysis analyse_coalescing(const Trace& trace) {
    const auto finish_global = [&](GlobalInstruction& instruction, const WarpAccessGroup& group) {
        instruction.buffer = static_cast<BufferId>(group.buffer);
        finish(instruction, trace);
    };
    return analyse_warp_instructions<CoalescingAnalysis>(trace, is_global_access, finish_global,
                                                         add_to_coalescing_totals);
}

} // namespace prefixlab
