// What a warp-wide memory instruction is, in a trace: the accesses of one step with equal (warp, kind,
// order), where `order` counts a thread's loads (or its stores) of the kind selected within the step,
// so the k-th load of every lane of a warp is one instruction, as the compiled kernel issues it. The
// shared-memory bank model (bank_conflicts.hpp) and the global-memory coalescing model (coalescing.hpp)
// both count these.
#pragma once

#include "core/trace/trace.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>
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

// A model's analysis (BankAnalysis, CoalescingAnalysis) of the instructions among the accesses `selected`
// keeps: each instruction, in step order, completed by finish(instruction, group) from its accesses and
// counted by add(totals, instruction) into its step's totals and the kernel's.
template <class Analysis, class Finish, class Add>
Analysis analyse_warp_instructions(const Trace& trace, bool (*selected)(const AccessRecord&), Finish finish,
                                   Add add) {
    Analysis analysis;
    const std::size_t steps = trace.steps.size();
    analysis.steps.resize(steps);
    analysis.first_of_step.assign(steps + 1, 0);
    std::size_t cursor = 0;
    for (std::uint32_t k = 0; k < steps; ++k) {
        analysis.first_of_step[k] = analysis.instructions.size();
        for (WarpAccessGroup& group : warp_access_groups(trace, k, cursor, selected)) {
            auto& instruction = analysis.instructions.emplace_back();
            instruction.step = k;
            instruction.warp = group.warp;
            instruction.kind = group.kind;
            instruction.order = group.order;
            instruction.accesses = std::move(group.accesses);
            finish(instruction, group);
            add(analysis.steps[k], instruction);
            add(analysis.total, instruction);
        }
    }
    analysis.first_of_step[steps] = analysis.instructions.size();
    return analysis;
}

} // namespace prefixlab
