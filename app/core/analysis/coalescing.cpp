#include "core/analysis/coalescing.hpp"

#include "core/analysis/warp_instructions.hpp"

#include <set>

namespace prefixlab {

namespace {

bool is_global_access(const AccessRecord& a) {
    return a.buffer == static_cast<std::uint8_t>(BufferId::input) || a.buffer == static_cast<std::uint8_t>(BufferId::output);
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

void add(CoalescingTotals& totals, const GlobalInstruction& instruction) {
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
    CoalescingAnalysis analysis;
    const std::size_t steps = trace.steps.size();
    analysis.steps.assign(steps, CoalescingTotals{});
    analysis.first_of_step.assign(steps + 1, 0);
    std::size_t a = 0;
    for (std::uint32_t k = 0; k < steps; ++k) {
        analysis.first_of_step[k] = analysis.instructions.size();
        for (WarpAccessGroup& group : warp_access_groups(trace, k, a, is_global_access)) {
            GlobalInstruction instruction;
            instruction.step = k;
            instruction.warp = group.warp;
            instruction.kind = group.kind;
            instruction.buffer = static_cast<BufferId>(group.buffer);
            instruction.order = group.order;
            instruction.accesses = std::move(group.accesses);
            finish(instruction, trace);
            add(analysis.steps[k], instruction);
            add(analysis.total, instruction);
            analysis.instructions.push_back(std::move(instruction));
        }
    }
    analysis.first_of_step[steps] = analysis.instructions.size();
    return analysis;
}

} // namespace prefixlab
