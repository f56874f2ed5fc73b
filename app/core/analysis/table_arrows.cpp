#include "core/analysis/table_arrows.hpp"

#include "core/analysis/read_origin.hpp"
#include "core/trace/trace_validation.hpp"

#include <map>
#include <optional>

namespace prefixlab {

namespace {

// One step's index of shared writes, built once for each step an arrow's read belongs to.
using StepIndexCache = std::map<std::uint32_t, StepWriteIndex>;

const StepWriteIndex& writes_of_step(const Trace& trace, std::uint32_t step, StepIndexCache& cache) {
    auto [it, inserted] = cache.try_emplace(step);
    if (inserted) {
        const auto [first, end] = accesses_of_step(trace, step);
        it->second.index(trace, first, end);
    }
    return it->second;
}

// The row holding the value a read got: the read's own step when it got a write of that step (its
// own, or another thread's in a race), else the row before (the value from before the step).
struct Origin {
    int row;
    bool racy;
};

Origin origin_of(const Trace& trace, const AccessRecord& read, StepIndexCache& cache) {
    const ReadOrigin origin = writes_of_step(trace, read.step, cache).origin_of(read);
    const int step = static_cast<int>(read.step);
    return {origin.source == ReadSource::before_step ? step - 1 : step, origin.racy};
}

// The cell a source reference of `thread`'s value points at, or nothing (a global read, no source).
std::optional<std::pair<int, Origin>> source_cell(const Trace& trace, const ValueTableModel& model,
                                                  std::uint32_t thread, std::uint32_t ref,
                                                  StepIndexCache& cache) {
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
    if (!is_shared_word_access(read) || read.word >= trace.config.shared_words)
        return std::nullopt;
    return std::pair{model.registers + static_cast<int>(read.word), origin_of(trace, read, cache)};
}

// The latest row before `step` that still shows the value a shared word held at `row`: a value read
// several steps before it is written (a radix sort's key, read in its pass's flag step and scattered ten
// steps later) is drawn from just above its new place, not across the rows between, whose text it crossed.
int latest_row_holding(const Trace& trace, const ValueTableModel& model, int column, int row, int step) {
    std::uint32_t read = 0, later = 0;
    if (!table_cell_value(trace, model.columns[static_cast<std::size_t>(column)], row, read))
        return row;
    while (row + 1 < step && table_cell_value(trace, model.columns[static_cast<std::size_t>(column)], row + 1, later) &&
           later == read)
        ++row;
    return row;
}

void add_arrows(std::vector<TableArrow>& arrows, const Trace& trace, const ValueTableModel& model,
                std::uint32_t thread, const std::uint32_t* sources, int to_column, int step,
                StepIndexCache& cache) {
    for (int i = 0; i < 2; ++i)
        if (auto from = source_cell(trace, model, thread, sources[i], cache); from && from->second.row >= 0) {
            if (from->first >= model.registers && !from->second.racy)
                from->second.row = latest_row_holding(trace, model, from->first, from->second.row, step);
            if (from->first != to_column || from->second.row != step)
                arrows.push_back({from->first, from->second.row, to_column, step, from->second.racy});
        }
}

// A scatter's arrows: an output write whose value is an input read, from the input row to the output row.
void add_scatter_arrows(std::vector<TableArrow>& arrows, const Trace& trace, const ValueTableModel& model,
                        const AccessRecord& write) {
    const std::size_t n = model.element_column.size();
    for (std::uint32_t ref : write.sources) {
        if (!is_source(ref) || is_register_source(ref))
            continue;
        const auto index = find_access(trace, source_step(ref), write.thread, source_seq(ref));
        if (!index)
            continue;
        const AccessRecord& read = trace.accesses[*index];
        if (read.buffer != static_cast<std::uint8_t>(BufferId::input) || read.word >= n || write.word >= n)
            continue;
        arrows.push_back({static_cast<int>(model.element_column[read.word]), kInputRow,
                          static_cast<int>(model.element_column[write.word]), kOutputRow, false});
    }
}

} // namespace

std::vector<TableArrow> table_arrows(const Trace& trace, const ValueTableModel& model, int step) {
    std::vector<TableArrow> arrows;
    StepIndexCache cache;
    if (step < 0 || step >= static_cast<int>(trace.steps.size()))
        return arrows;
    for (const AccessRecord& a : trace.accesses) {
        if (a.step != static_cast<std::uint32_t>(step) || a.kind != AccessKind::write)
            continue;
        if (is_shared_word_access(a) && a.word < trace.config.shared_words)
            add_arrows(arrows, trace, model, a.thread, a.sources, model.registers + static_cast<int>(a.word),
                       step, cache);
        else if (a.buffer == static_cast<std::uint8_t>(BufferId::output))
            add_scatter_arrows(arrows, trace, model, a);
    }
    const TraceStep& s = trace.steps[step];
    for (int t = 0; t < model.registers && std::size_t(2 * t + 1) < s.register_sources.size(); ++t)
        if (s.registers_taken[t] && model.register_written[step][t])
            add_arrows(arrows, trace, model, static_cast<std::uint32_t>(t), &s.register_sources[2 * t], t,
                       step, cache);
    return arrows;
}

} // namespace prefixlab
