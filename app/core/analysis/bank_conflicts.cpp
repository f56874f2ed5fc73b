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

void add_to_bank_totals(BankTotals& totals, const WarpInstruction& instruction) {
    if (instruction.kind == AccessKind::read) {
        ++totals.loads;
        totals.load_conflicts += instruction.extra_wavefronts();
    } else {
        ++totals.stores;
        totals.store_conflicts += instruction.extra_wavefronts();
    }
}

} // namespace

BankAnalysis analyse_bank_conflicts(const Trace& trace) {
    return analyse_warp_instructions<BankAnalysis>(
        trace, is_shared_access,
        [&](WarpInstruction& instruction, const WarpAccessGroup&) { finish(instruction, trace); },
        add_to_bank_totals);
}

} // namespace prefixlab
