#include "core/analysis/bank_conflicts.hpp"

#include "core/analysis/warp_instructions.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace prefixlab {

namespace {

bool is_shared_access(const AccessRecord& a) {
    return a.buffer != kShuffleSource && is_shared(static_cast<BufferId>(a.buffer));
}

void finish(WarpInstruction& instruction, const Trace& trace) {
    std::map<std::uint32_t, std::set<std::uint32_t>> words_of_bank;
    std::map<std::uint32_t, int> lanes_of_word;
    for (std::uint32_t index : instruction.accesses) {
        const AccessRecord& a = trace.accesses[index];
        instruction.active_lanes |= 1u << lane_of(a.thread);
        words_of_bank[bank_of(a.word)].insert(a.word);
        if (++lanes_of_word[a.word] > 1)
            instruction.broadcast = true;
    }
    for (const auto& [bank, words] : words_of_bank) {
        instruction.distinct_words[bank] = static_cast<std::uint8_t>(words.size());
        instruction.degree = std::max<std::uint32_t>(instruction.degree, static_cast<std::uint32_t>(words.size()));
    }
}

} // namespace

BankAnalysis analyse_bank_conflicts(const Trace& trace) {
    BankAnalysis analysis;
    const std::size_t steps = trace.steps.size();
    analysis.steps.assign(steps, BankTotals{});
    analysis.first_of_step.assign(steps + 1, 0);

    std::size_t a = 0;
    for (std::uint32_t k = 0; k < steps; ++k) {
        analysis.first_of_step[k] = analysis.instructions.size();
        for (WarpAccessGroup& group : warp_access_groups(trace, k, a, is_shared_access)) {
            WarpInstruction instruction;
            instruction.step = k;
            instruction.warp = group.warp;
            instruction.kind = group.kind;
            instruction.order = group.order;
            instruction.accesses = std::move(group.accesses);
            finish(instruction, trace);
            BankTotals& totals = analysis.steps[k];
            if (instruction.kind == AccessKind::read) {
                ++totals.loads;
                totals.load_conflicts += instruction.extra_wavefronts();
            } else {
                ++totals.stores;
                totals.store_conflicts += instruction.extra_wavefronts();
            }
            analysis.instructions.push_back(std::move(instruction));
        }
        const BankTotals& s = analysis.steps[k];
        analysis.total.loads += s.loads;
        analysis.total.stores += s.stores;
        analysis.total.load_conflicts += s.load_conflicts;
        analysis.total.store_conflicts += s.store_conflicts;
    }
    analysis.first_of_step[steps] = analysis.instructions.size();
    return analysis;
}

} // namespace prefixlab
