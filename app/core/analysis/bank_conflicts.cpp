#include "core/analysis/bank_conflicts.hpp"

#include "core/analysis/warp_instructions.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace prefixlab {

namespace {

bool is_shared_word(const AccessRecord& a) {
    return a.buffer != kShuffleSource && is_shared(static_cast<BufferId>(a.buffer));
}

bool is_shared_access(const AccessRecord& a) { return is_shared_word(a) && (a.flags & kAccessAtomic) == 0; }

// An atomic instruction is counted once, by its reads (its writes are the same lanes and words).
bool is_shared_atomic(const AccessRecord& a) {
    return is_shared_word(a) && (a.flags & kAccessAtomic) != 0 && a.kind == AccessKind::read;
}

void finish(WarpInstruction& instruction, const Trace& trace) {
    std::map<std::uint32_t, std::set<std::uint32_t>> words_of_bank;
    std::map<std::uint32_t, int> lanes_of_word;
    std::array<std::uint32_t, kBanks> lanes_of_bank{};
    for (std::uint32_t index : instruction.accesses) {
        const AccessRecord& a = trace.accesses[index];
        instruction.result_unused = (a.flags & kAccessResultUnused) != 0;
        instruction.most_lanes_on_a_bank = std::max(instruction.most_lanes_on_a_bank, ++lanes_of_bank[bank_of(a.word)]);
        instruction.active_lanes |= 1u << lane_of(a.thread);
        words_of_bank[bank_of(a.word)].insert(a.word);
        const int lanes = ++lanes_of_word[a.word];
        if (lanes > 1)
            instruction.broadcast = true;
        instruction.most_lanes_on_a_word = std::max(instruction.most_lanes_on_a_word, static_cast<std::uint32_t>(lanes));
        std::uint8_t& busiest = instruction.lanes_on_word[bank_of(a.word)];
        busiest = std::max(busiest, static_cast<std::uint8_t>(lanes));
    }
    for (const auto& [bank, words] : words_of_bank) {
        instruction.distinct_words[bank] = static_cast<std::uint8_t>(words.size());
        instruction.degree = std::max<std::uint32_t>(instruction.degree, static_cast<std::uint32_t>(words.size()));
    }
}

void add_to_bank_totals(BankTotals& totals, const WarpInstruction& instruction) {
    if (instruction.atomic) {
        ++totals.atomics;
        totals.atomic_conflicts += instruction.extra_wavefronts();
        totals.serialised += instruction.lanes_waiting();
    } else if (instruction.kind == AccessKind::read) {
        ++totals.loads;
        totals.load_conflicts += instruction.extra_wavefronts();
    } else {
        ++totals.stores;
        totals.store_conflicts += instruction.extra_wavefronts();
    }
}

} // namespace

BankAnalysis analyse_bank_conflicts(const Trace& trace) {
    const auto finished = [&](WarpInstruction& instruction, const WarpAccessGroup&) { finish(instruction, trace); };
    const BankAnalysis plain = analyse_warp_instructions<BankAnalysis>(trace, is_shared_access, finished, add_to_bank_totals);
    const auto finished_atomic = [&](WarpInstruction& instruction, const WarpAccessGroup& group) {
        instruction.atomic = true;
        finished(instruction, group);
    };
    const BankAnalysis atomics =
        analyse_warp_instructions<BankAnalysis>(trace, is_shared_atomic, finished_atomic, add_to_bank_totals);
    if (atomics.instructions.empty())
        return plain;
    // each step's loads and stores, then its atomics
    BankAnalysis analysis;
    const std::size_t steps = plain.steps.size();
    analysis.first_of_step.assign(steps + 1, 0);
    analysis.steps.resize(steps);
    for (std::size_t k = 0; k < steps; ++k) {
        analysis.first_of_step[k] = analysis.instructions.size();
        for (const BankAnalysis* part : {&plain, &atomics})
            for (std::size_t i = part->first_of_step[k]; i < part->first_of_step[k + 1]; ++i) {
                analysis.instructions.push_back(part->instructions[i]);
                add_to_bank_totals(analysis.steps[k], part->instructions[i]);
                add_to_bank_totals(analysis.total, part->instructions[i]);
            }
    }
    analysis.first_of_step[steps] = analysis.instructions.size();
    return analysis;
}

} // namespace prefixlab
