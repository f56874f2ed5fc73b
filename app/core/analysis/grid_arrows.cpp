#include "core/analysis/grid_arrows.hpp"

#include "core/trace/trace_validation.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace prefixlab {

namespace {

bool is_shared_word(const AccessRecord& a) {
    return a.buffer != kShuffleSource && a.buffer < kBufferIdCount && is_shared(static_cast<BufferId>(a.buffer));
}

// One step's shared writes by word: (thread, seq, value), built once per step an arrow needs.
using StepWrites = std::map<std::uint32_t, std::vector<AccessRecord>>;

const StepWrites& writes_of_step(const Trace& trace, std::uint32_t step, std::map<std::uint32_t, StepWrites>& cache) {
    auto [it, inserted] = cache.try_emplace(step);
    if (inserted) {
        const auto first = std::lower_bound(trace.accesses.begin(), trace.accesses.end(), step,
                                            [](const AccessRecord& a, std::uint32_t s) { return a.step < s; });
        for (auto a = first; a != trace.accesses.end() && a->step == step; ++a)
            if (a->kind == AccessKind::write && is_shared_word(*a))
                it->second[a->word].push_back(*a);
    }
    return it->second;
}

// The row holding the value a read got: the same step's row when a thread wrote it earlier in that
// step (its own write, or another's in a race), else the row before.
struct Origin {
    int row;
    bool racy;
};

Origin origin_of(const Trace& trace, const AccessRecord& read, std::map<std::uint32_t, StepWrites>& cache) {
    bool own_before = false, other = false;
    const StepWrites& writes = writes_of_step(trace, read.step, cache);
    if (const auto it = writes.find(read.word); it != writes.end())
        for (const AccessRecord& a : it->second) {
            if (a.thread == read.thread && a.seq < read.seq)
                own_before = true;
            else if (a.thread != read.thread && a.value == read.value)
                other = true;
        }
    if (own_before)
        return {static_cast<int>(read.step), false};
    const bool defined_before = read.step > 0 && trace.steps[read.step - 1].shared.defined[read.word] != 0;
    const bool new_value = other && (!defined_before || trace.steps[read.step - 1].shared.bits[read.word] != read.value);
    return {new_value ? static_cast<int>(read.step) : static_cast<int>(read.step) - 1, new_value};
}

// The cell a source reference of `thread`'s value points at, or nothing (a global read, no source).
std::optional<std::pair<int, Origin>> source_cell(const Trace& trace, const ValueGridModel& model,
                                                  std::uint32_t thread, std::uint32_t ref,
                                                  std::map<std::uint32_t, StepWrites>& cache) {
    if (!is_source(ref))
        return std::nullopt;
    if (is_register_source(ref))
        return std::pair{static_cast<int>(thread), Origin{static_cast<int>(source_step(ref)), false}};
    const auto index = find_access(trace, source_step(ref), thread, source_seq(ref));
    if (!index)
        return std::nullopt;
    const AccessRecord& read = trace.accesses[*index];
    if (read.buffer == kShuffleSource) // the source lane's register before the round
        return std::pair{static_cast<int>(read.word), Origin{static_cast<int>(read.step) - 1, false}};
    if (!is_shared_word(read) || read.word >= trace.config.shared_words)
        return std::nullopt;
    return std::pair{model.registers + static_cast<int>(read.word), origin_of(trace, read, cache)};
}

void add_arrows(std::vector<GridArrow>& arrows, const Trace& trace, const ValueGridModel& model,
                std::uint32_t thread, const std::uint32_t* sources, int to_column, int step,
                std::map<std::uint32_t, StepWrites>& cache) {
    for (int i = 0; i < 2; ++i)
        if (const auto from = source_cell(trace, model, thread, sources[i], cache); from && from->second.row >= 0)
            if (from->first != to_column || from->second.row != step)
                arrows.push_back({from->first, from->second.row, to_column, step, from->second.racy});
}

} // namespace

std::vector<GridArrow> grid_arrows(const Trace& trace, const ValueGridModel& model, int step) {
    std::vector<GridArrow> arrows;
    std::map<std::uint32_t, StepWrites> cache;
    if (step < 0 || step >= static_cast<int>(trace.steps.size()))
        return arrows;
    for (const AccessRecord& a : trace.accesses)
        if (a.step == static_cast<std::uint32_t>(step) && a.kind == AccessKind::write && is_shared_word(a) &&
            a.word < trace.config.shared_words)
            add_arrows(arrows, trace, model, a.thread, a.sources, model.registers + static_cast<int>(a.word), step,
                       cache);
    const TraceStep& s = trace.steps[step];
    for (int t = 0; t < model.registers && std::size_t(2 * t + 1) < s.register_sources.size(); ++t)
        if (s.registers_taken[t] && model.register_written[step][t])
            add_arrows(arrows, trace, model, static_cast<std::uint32_t>(t), &s.register_sources[2 * t], t, step, cache);
    return arrows;
}

} // namespace prefixlab
