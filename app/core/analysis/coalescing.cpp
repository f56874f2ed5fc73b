#include "core/analysis/coalescing.hpp"

#include "core/analysis/warp_instructions.hpp"

#include <map>
#include <set>

namespace prefixlab {

namespace {

bool is_global_word(const AccessRecord& a) {
    return a.buffer == static_cast<std::uint8_t>(BufferId::input) || a.buffer == static_cast<std::uint8_t>(BufferId::output);
}

// Global atomics (histogram-global-atomics' counts) are neither loads nor stores: Nsight Compute counts them apart
// (..._op_red where the result is unused, _op_atom where it is used), and so does this analysis.
bool is_global_access(const AccessRecord& a) { return is_global_word(a) && (a.flags & kAccessAtomic) == 0; }

// An atomic instruction is counted once, by its reads (its writes are the same lanes and words).
bool is_global_atomic(const AccessRecord& a) {
    return is_global_word(a) && (a.flags & kAccessAtomic) != 0 && a.kind == AccessKind::read;
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

// An atomic's lanes at one word take turns: the L1 sends it in passes, the k-th lane of every word in pass k, each
// pass moving the sectors of its words. Measured on the H200 (Nsight Compute, l1tex__t_sectors_pipe_lsu_mem_global_
// op_red.sum) for histogram-global-atomics' RED of 4 bins in one sector: 25 sectors for 2 warps at N = 64, 352 for
// 32 at N = 1000 (random keys): the busiest bin's lanes, not 1 sector a request.
void finish_atomic_passes(GlobalInstruction& instruction, const Trace& trace) {
    std::map<std::uint32_t, std::uint32_t> lanes_at_word;
    std::map<std::uint32_t, std::set<std::uint32_t>> sectors_of_pass;
    for (std::uint32_t index : instruction.accesses) {
        const AccessRecord& a = trace.accesses[index];
        instruction.active_lanes |= 1u << lane_of(a.thread);
        sectors_of_pass[lanes_at_word[a.word]++].insert(sector_of(a.word));
    }
    instruction.sectors = 0;
    for (const auto& [pass, sectors] : sectors_of_pass)
        instruction.sectors += static_cast<std::uint32_t>(sectors.size());
}

void add_to_coalescing_totals(CoalescingTotals& totals, const GlobalInstruction& instruction) {
    if (instruction.atomic && instruction.result_used) {
        ++totals.atomic_requests;
        totals.atomic_sectors += instruction.sectors;
    } else if (instruction.atomic) {
        ++totals.reduction_requests;
        totals.reduction_sectors += instruction.sectors;
    } else if (instruction.kind == AccessKind::read) {
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
    CoalescingAnalysis analysis =
        analyse_warp_instructions<CoalescingAnalysis>(trace, is_global_access, finish_global, add_to_coalescing_totals);
    const auto finish_atomic = [&](GlobalInstruction& instruction, const WarpAccessGroup& group) {
        instruction.atomic = true;
        instruction.result_used = (trace.accesses[instruction.accesses.front()].flags & kAccessResultUnused) == 0;
        instruction.buffer = static_cast<BufferId>(group.buffer);
        finish_atomic_passes(instruction, trace);
    };
    const CoalescingAnalysis atomics =
        analyse_warp_instructions<CoalescingAnalysis>(trace, is_global_atomic, finish_atomic, add_to_coalescing_totals);
    for (const GlobalInstruction& instruction : atomics.instructions) { // their totals only: the views show them
        add_to_coalescing_totals(analysis.steps[instruction.step], instruction); // in the contention rows
        add_to_coalescing_totals(analysis.total, instruction);
    }
    return analysis;
}

} // namespace prefixlab
