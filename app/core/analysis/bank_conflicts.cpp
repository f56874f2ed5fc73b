#include "core/analysis/bank_conflicts.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

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
        // Per thread, how many loads and stores it has made so far in this step. Accesses come in
        // canonical order (warp, seq, lane), so each thread's come in program order.
        std::unordered_map<std::uint32_t, std::uint32_t> loads_made, stores_made;
        // (warp, kind, order) -> instruction, and the program position that orders them in the step
        std::map<std::tuple<std::uint32_t, std::uint8_t, std::uint32_t>, std::size_t> index_of;
        std::vector<std::pair<std::tuple<std::uint32_t, std::uint32_t, std::uint8_t>, WarpInstruction>> found;
        for (; a < trace.accesses.size() && trace.accesses[a].step == k; ++a) {
            const AccessRecord& access = trace.accesses[a];
            if (!is_shared_access(access))
                continue;
            auto& made = access.kind == AccessKind::read ? loads_made : stores_made;
            const std::uint32_t order = made[access.thread]++;
            const auto key = std::make_tuple(warp_of(access.thread), static_cast<std::uint8_t>(access.kind), order);
            auto [it, inserted] = index_of.try_emplace(key, found.size());
            if (inserted) {
                WarpInstruction instruction;
                instruction.step = k;
                instruction.warp = warp_of(access.thread);
                instruction.kind = access.kind;
                instruction.order = order;
                // program position: the seq of the first access seen (the lowest, by canonical order)
                found.push_back({{instruction.warp, access.seq, static_cast<std::uint8_t>(access.kind)}, instruction});
            }
            found[it->second].second.accesses.push_back(static_cast<std::uint32_t>(a));
        }
        std::stable_sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        for (auto& [position, instruction] : found) {
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
