// What the Values table shows of a trace besides its snapshots, derived once from the trace's accesses:
// the table's columns (each thread's register, then each shared word) with the thread that owns each,
// where each element of the global input and output sits among those columns, and which elements of
// the input each step read and of the output each step wrote. Global memory gets its own rows in the
// table, so these facts are kept apart from the shared words' (trace_index.hpp); before issue 10 the
// table marked an input read of element i on shared word i.
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <vector>

namespace prefixlab {

struct ValueTableColumn {
    bool is_register = false;
    std::uint32_t index = 0; // the thread (a register) or the shared word
    // The thread that owns the column: a register's own thread; for a shared word the first thread
    // that wrote it in the trace (the one that loaded it), or kNoOwner for a word nothing wrote.
    std::uint32_t owner = 0;
};

inline constexpr std::uint32_t kNoOwner = 0xffffffffu;

struct ValueTableModel {
    std::vector<ValueTableColumn> columns; // registers first (when the trace records them), then words
    int registers = 0;
    // Under which column element e of the input and output is drawn: the register of the thread
    // that read input[e] (register kernels), else the word that holds logical index e of the first
    // shared buffer (so padding words sit between elements as they do in memory).
    std::vector<std::uint32_t> element_column;             // [n]
    std::vector<std::vector<std::uint8_t>> input_read;     // [step][n]: 1 if the step read input[e]
    std::vector<std::vector<std::uint8_t>> output_written; // [step][n]: 1 if the step wrote output[e]
    std::vector<int> output_written_at;                    // [n]: first step that wrote output[e], or -1
    std::vector<std::uint8_t> step_reads_input, step_writes_output; // [step]
    // Register kernels: which threads' registers a step's shuffles read from, and which registers
    // the step gave a new value (snapshotted, and not merely carried over from an earlier step).
    std::vector<std::vector<std::uint8_t>> register_read;    // [step][block_threads]
    std::vector<std::vector<std::uint8_t>> register_written; // [step][block_threads]
    // The threads that read or wrote anything in each step (the header's active-thread mask).
    std::vector<std::vector<std::uint8_t>> active_threads; // [step][block_threads]
    // False when every column's owner is its own index (Hillis–Steele: thread i loads word i): the
    // table then needs no separate row of owners.
    bool owner_differs_from_index = false;
};

ValueTableModel build_value_table_model(const Trace& trace);

// The value of a column after step k, if anything has written it yet.
bool table_cell_value(const Trace& trace, const ValueTableColumn& column, int step, std::uint32_t& bits);

// The number of elements a step read from the input (wrote to the output).
int count_marked(const std::vector<std::uint8_t>& marks);

} // namespace prefixlab
