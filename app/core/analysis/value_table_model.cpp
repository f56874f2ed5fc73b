#include "core/analysis/value_table_model.hpp"

#include <algorithm>

namespace prefixlab {

namespace {

bool is_global(const AccessRecord& a) {
    return a.buffer != kShuffleSource && a.buffer < kBufferIdCount &&
           !is_shared(static_cast<BufferId>(a.buffer));
}

std::vector<ValueTableColumn> table_columns(const Trace& trace, int registers) {
    std::vector<ValueTableColumn> columns;
    for (int t = 0; t < registers; ++t)
        columns.push_back({true, static_cast<std::uint32_t>(t), static_cast<std::uint32_t>(t)});
    const std::size_t first_word = columns.size();
    for (std::uint32_t w = 0; w < trace.config.shared_words; ++w)
        columns.push_back({false, w, kNoOwner});
    // Accesses are in canonical order (step, warp, seq, lane): the first write seen is the loader.
    for (const AccessRecord& a : trace.accesses)
        if (a.kind == AccessKind::write && !is_global(a) && a.buffer != kShuffleSource &&
            a.word < trace.config.shared_words && columns[first_word + a.word].owner == kNoOwner)
            columns[first_word + a.word].owner = a.thread;
    return columns;
}

// Element e of the global arrays sits under the column that holds it while the kernel works on it.
std::vector<std::uint32_t> element_columns(const Trace& trace, int registers) {
    const auto n = static_cast<std::size_t>(trace.config.n);
    std::vector<std::uint32_t> column(n, kNoOwner);
    if (registers > 0) {
        for (const AccessRecord& a : trace.accesses)
            if (is_global(a) && static_cast<BufferId>(a.buffer) == BufferId::input &&
                a.kind == AccessKind::read && a.word < n && column[a.word] == kNoOwner)
                column[a.word] = a.thread;
    } else if (!trace.config.buffers.empty()) {
        const SharedBufferDesc& first = trace.config.buffers.front();
        for (std::size_t e = 0; e < n; ++e)
            column[e] = first.base_word + padded_index(first, static_cast<std::uint32_t>(e));
    }
    const auto columns = static_cast<std::uint32_t>(registers) + trace.config.shared_words;
    for (std::size_t e = 0; e < n; ++e) // an element the kernel never placed: its own index, if a column
        if (column[e] == kNoOwner || column[e] >= columns)
            column[e] =
                std::min<std::uint32_t>(static_cast<std::uint32_t>(e), columns == 0 ? 0 : columns - 1);
    return column;
}

// A register "written" in a step holds a value the step computed: snapshotted then, and not a plain
// copy of its own earlier snapshot (a register the step left alone is carried with that one source).
bool register_changed(const TraceStep& step, std::size_t thread) {
    if (!step.registers_taken[thread])
        return false;
    const std::uint32_t first = step.register_sources[2 * thread],
                        second = step.register_sources[2 * thread + 1];
    return !(is_register_source(first) && second == kNoSource);
}

void mark_registers(const Trace& trace, ValueTableModel& model) {
    const auto threads = static_cast<std::size_t>(model.registers);
    model.register_read.assign(trace.steps.size(), std::vector<std::uint8_t>(threads, 0));
    model.register_written.assign(trace.steps.size(), std::vector<std::uint8_t>(threads, 0));
    for (std::size_t k = 0; k < trace.steps.size(); ++k)
        for (std::size_t t = 0; t < threads; ++t)
            model.register_written[k][t] = register_changed(trace.steps[k], t) ? 1 : 0;
    for (const AccessRecord& a : trace.accesses)
        if (a.buffer == kShuffleSource && a.step < trace.steps.size() && a.word < threads)
            model.register_read[a.step][a.word] = 1;
}

} // namespace

ValueTableModel build_value_table_model(const Trace& trace) {
    ValueTableModel model;
    const auto n = static_cast<std::size_t>(trace.config.n);
    const std::size_t steps = trace.steps.size();
    model.registers = trace.config.records_registers ? trace.config.block_threads : 0;
    model.columns = table_columns(trace, model.registers);
    model.element_column = element_columns(trace, model.registers);
    model.input_read.assign(steps, std::vector<std::uint8_t>(n, 0));
    model.output_written.assign(steps, std::vector<std::uint8_t>(n, 0));
    model.output_written_at.assign(n, -1);
    model.step_reads_input.assign(steps, 0);
    model.step_writes_output.assign(steps, 0);
    for (const AccessRecord& a : trace.accesses) {
        if (!is_global(a) || a.step >= steps || a.word >= n)
            continue;
        if (static_cast<BufferId>(a.buffer) == BufferId::input && a.kind == AccessKind::read) {
            model.input_read[a.step][a.word] = 1;
            model.step_reads_input[a.step] = 1;
        } else if (static_cast<BufferId>(a.buffer) == BufferId::output && a.kind == AccessKind::write) {
            model.output_written[a.step][a.word] = 1;
            model.step_writes_output[a.step] = 1;
            if (model.output_written_at[a.word] < 0)
                model.output_written_at[a.word] = a.step;
        }
    }
    mark_registers(trace, model);
    model.active_threads.assign(steps, std::vector<std::uint8_t>(std::max(trace.config.block_threads, 0), 0));
    for (const AccessRecord& a : trace.accesses)
        if (a.step < steps && a.thread < model.active_threads[a.step].size())
            model.active_threads[a.step][a.thread] = 1;
    model.owner_differs_from_index =
        std::any_of(model.columns.begin(), model.columns.end(),
                    [](const ValueTableColumn& c) { return c.owner != kNoOwner && c.owner != c.index; });
    return model;
}

int count_marked(const std::vector<std::uint8_t>& marks) {
    return static_cast<int>(std::count(marks.begin(), marks.end(), std::uint8_t{1}));
}

bool table_cell_value(const Trace& trace, const ValueTableColumn& column, int step, std::uint32_t& bits) {
    const Snapshot& snapshot = column.is_register ? trace.steps[step].registers : trace.steps[step].shared;
    if (!snapshot.defined[column.index])
        return false;
    bits = snapshot.bits[column.index];
    return true;
}

} // namespace prefixlab
