// Timing a table: the one loop every timed table runs (timed_table.hpp). A table is a plan, a list of
// rows as data, as nvbench registers a benchmark: each row a GPU runner (made by the kernels' side for
// the tables' one session, kernels/bench/gpu_table_session.hpp) or a CPU function, the bytes it must
// move, and how its answer is checked against the CPU's. The loop does the rest: the GPU session, the
// CPU's cache eviction and repetitions, medians, GB/s, the check, where and when, progress and cancel.
// A new table (sort, histogram) is a plan and its runners.
#pragma once

#include "core/bench/timed_table.hpp"
#include "kernels/bench/gpu_table_session.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

// What a row computed, for its check: a number (a reduction's total, a compaction's kept count) and,
// for methods that write an array, the array.
struct TableAnswer {
    std::optional<std::uint64_t> value;
    std::vector<std::uint32_t> output;
};

using GpuRunnerMaker = std::function<std::unique_ptr<GpuTableRunner>(std::size_t n)>; // for the session's N
using CpuRun = std::function<TableAnswer()>;                                          // one run, timed whole
using AnswerCheck = std::function<bool(const TableAnswer&)>; // whether it is the CPU reference's answer

// One row of a plan: on the GPU when `gpu` is set, else on the CPU (gpu_row, cpu_row).
struct TimedRowPlan {
    std::string method;
    std::string setup;
    double bytes = 0; // what it must move: its GB/s is bytes / median
    GpuRunnerMaker gpu;
    CpuRun cpu;
    AnswerCheck right;
};

TimedRowPlan gpu_row(std::string method, std::string setup, double bytes, GpuRunnerMaker make,
                     AnswerCheck right);
TimedRowPlan cpu_row(std::string method, std::string setup, double bytes, CpuRun run, AnswerCheck right);

struct TimedTablePlan {
    GpuTableBuffers buffers;        // what the GPU session holds besides the input
    std::vector<TimedRowPlan> rows; // timed in this order
    int large_cpu_repetitions = 5;  // the CPU's repetitions above 2^24 elements, at most (a slow loop)
};

struct TimedTableOptions {
    int warmup = 3;
    int repetitions = 20;
    std::uint64_t seed = 1; // of the table's random input
    bool gpu = true;        // false: the CPU rows only (no GPU here)
};

using RowProgress = std::function<void(const std::string&)>;
using Cancelled = std::function<bool()>;

// Whether a table times its GPU rows: asked for, and a GPU here.
bool timed_table_uses_gpu(const TimedTableOptions& options);

// How many rows time_table_rows times of `plan` (for progress bars).
std::size_t timed_rows_planned(const TimedTablePlan& plan, const TimedTableOptions& options);

// Times the rows of `plan` on `input` in order and appends them to `table`, after setting its device,
// driver and date: the GPU rows where timed_table_uses_gpu, the CPU rows always. `progress` (may be
// empty) hears each row's name before it is timed; `cancelled` (may be empty) stops between rows and
// between repetitions, and a row with no timed repetition is left out. Throws std::invalid_argument
// for no repetition; GPU errors propagate.
void time_table_rows(TimedTable& table, const std::vector<std::uint32_t>& input, const TimedTablePlan& plan,
                     const TimedTableOptions& options, const RowProgress& progress = {},
                     const Cancelled& cancelled = {});

} // namespace prefixlab
