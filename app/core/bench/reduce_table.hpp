// Harris's table, reproduced (issue 15), a timed table (timed_table.hpp): for one N, every block
// reduction of the catalogue around the recursive finish (Harris's kernels 1 to 7 in his order, then the
// shuffle reductions), kernel 7 and the shuffle reductions with the atomic and the CPU finish, the
// fastest of ours over the finishes and block sizes, CUB, Thrust, the read-only speed of light and the
// CPU (loop, std::reduce, every core), each as its median time, its bandwidth (the N × 4 bytes it must
// read), its fraction of the read-only pass's speed, and for Harris's kernels the step and the
// cumulative speedup, as his table has them. uint32 +, Harris's sum of ints; every total is compared
// with the CPU loop's. Its rows are a plan (reduce_table.cpp), its GPU runners
// kernels/bench/gpu_reduce_table.cu; the timing, text, CSV and figure are every table's.
#pragma once

#include "core/bench/timed_table.hpp"
#include "core/bench/timed_table_csv.hpp"
#include "core/bench/timed_table_run.hpp"
#include "core/plot/table_figure.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace prefixlab {

// A reduction table is a timed table of the reduction kind: these names keep its users' words.
using ReduceTable = TimedTable;
using ReduceTableRow = TimedRow;
using ReduceTableCsvError = TimedTableCsvError;

const TimedTableKind& reduce_table_kind();

// The reduction table's own columns, their places in TimedRow::values.
enum ReduceTableColumn : std::size_t {
    kOfReadSpeed, // the read-only pass's median / this median (0 where it was not timed)
    kStepSpeedup, // Harris's kernels 2 to 7: the previous kernel's median / this one's; else 0
    kCumulative,  // Harris's kernels 2 to 7: kernel 1's median / this one's; else 0
};

inline constexpr const char* kReduceTableCsvHeader = "n,method,setup,median_ms,gb_per_s,of_read_speed,step_"
                                                     "speedup,cumulative_speedup,correct,device,driver,date";
inline constexpr std::size_t kMaxReduceTables = kMaxTimedTables;
inline constexpr std::size_t kMaxReduceTableRows = kMaxTimedTableRows;

struct ReduceTableOptions : TimedTableOptions {
    int threads = 256; // the block size of Harris's rows (he used 128)
};

// Times every row at n (1 ≤ n ≤ 2^31 - 1). `progress` (may be empty) hears each row's name before it is
// timed; `cancelled` (may be empty) stops between rows, returning the rows done. Throws
// std::invalid_argument for a bad n or options; GPU errors propagate.
ReduceTable run_reduce_table(std::uint64_t n, const ReduceTableOptions& options,
                             const RowProgress& progress = {}, const Cancelled& cancelled = {});

// How many rows run_reduce_table times with `options` on this machine (for progress bars).
std::size_t reduce_table_rows_planned(const ReduceTableOptions& options);

// Harris's kernel number (1 to 7) of row `row`, or 0: his kernels are the seven rows after the
// read-only pass, when the GPU ran them all.
int harris_kernel_of_row(const ReduceTable& table, std::size_t row);

// Which rows of `table` the figure shows, in table order: the read-only pass, ours at Harris's block
// size and finish, ours at our best, and every row that is not ours.
std::vector<std::size_t> reduce_table_figure_rows(const ReduceTable& table);

// The reduction kind's text, CSV and figure (timed_table.hpp, timed_table_csv.hpp, timed_table_figure.hpp).
std::string reduce_table_text(const ReduceTable& table);
void write_reduce_table_csv(std::ostream& out, const std::vector<ReduceTable>& tables);
std::vector<ReduceTable> parse_reduce_table_csv(const std::string& text, const ReadProgress& progress = {});
std::vector<ReduceTable> read_reduce_table_csv(const std::string& path, const ReadProgress& progress = {});
TableFigure reduce_table_figure(const ReduceTable& table);

} // namespace prefixlab
