#include "core/analysis/coalescing.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

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
        // Per thread, its global loads and stores so far in the step (accesses come in canonical order:
        // warp, seq, lane, so each thread's in program order).
        std::unordered_map<std::uint32_t, std::uint32_t> loads_made, stores_made;
        std::map<std::tuple<std::uint32_t, std::uint8_t, std::uint32_t>, std::size_t> index_of;
        std::vector<std::pair<std::tuple<std::uint32_t, std::uint32_t, std::uint8_t>, GlobalInstruction>> found;
        for (; a < trace.accesses.size() && trace.accesses[a].step == k; ++a) {
            const AccessRecord& access = trace.accesses[a];
            if (!is_global_access(access))
                continue;
            auto& made = access.kind == AccessKind::read ? loads_made : stores_made;
            const std::uint32_t order = made[access.thread]++;
            const auto key = std::make_tuple(warp_of(access.thread), static_cast<std::uint8_t>(access.kind), order);
            auto [it, inserted] = index_of.try_emplace(key, found.size());
            if (inserted) {
                GlobalInstruction instruction;
                instruction.step = k;
                instruction.warp = warp_of(access.thread);
                instruction.kind = access.kind;
                instruction.buffer = static_cast<BufferId>(access.buffer);
                instruction.order = order;
                found.push_back({{instruction.warp, access.seq, static_cast<std::uint8_t>(access.kind)}, instruction});
            }
            found[it->second].second.accesses.push_back(static_cast<std::uint32_t>(a));
        }
        std::stable_sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        for (auto& [position, instruction] : found) {
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
