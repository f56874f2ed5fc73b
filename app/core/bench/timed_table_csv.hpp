// Timed tables as CSV, one writer and one reader for every kind (timed_table.hpp): written by the table
// commands' --csv and the Benchmark tab, read back by both (the H100's reduction table ships in
// assets/bench/). One row a line under one header:
//   n,[the kind's parameters,]method,setup,median_ms,gb_per_s,[the kind's
//   columns,]correct,device[,driver,date]
// so the reduction table's is
//   n,method,setup,median_ms,gb_per_s,of_read_speed,step_speedup,cumulative_speedup,correct,device,driver,date
// and the compaction table's n,percent,kept,method,setup,median_ms,gb_per_s,of_cub,of_copy,correct,device,
// driver,date.
// Text fields are quoted, quotes doubled. The reader is strict: a file it did not write (a header it
// does not know, a short row, a number out of range, a size over kMaxResultsFileBytes, more tables or
// rows than the limits below) is refused with one line naming the line and the problem. It reads in
// time linear in the file's length, whatever the number of tables (docs/input-limits.md).
#pragma once

#include "core/bench/timed_table.hpp"

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

// The most tables (distinct N and parameters) one CSV holds, and rows one table holds. The largest file
// PrefixLab writes, `prefixlab reduce-table --n 1..2^30 --csv` on a GPU, holds 31 tables of 48 rows
// (reduce_table_rows_planned; the shipped H100 file has 2 such tables); the table commands refuse more
// tables than kMaxTimedTables, so whatever they write reads back. A file at both limits (34.5 MB) reads
// in 0.2 s on the 2-core machine.
inline constexpr std::size_t kMaxTimedTables = 256;
inline constexpr std::size_t kMaxTimedTableRows = 1024;

std::string timed_table_csv_header(const TimedTableKind& kind);

void write_timed_table_csv(std::ostream& out, const TimedTableKind& kind,
                           const std::vector<TimedTable>& tables);

// A file that is not a table of the kind: "line L: PROBLEM".
class TimedTableCsvError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// How far a read has come, 0..1 by bytes (the GUI's progress bar); may be empty.
using ReadProgress = std::function<void(double)>;

// The tables of a CSV text, one per N and parameters in the order they first appear, rows in file
// order, best_own and cub found again. Throws TimedTableCsvError.
std::vector<TimedTable> parse_timed_table_csv(const std::string& text, const TimedTableKind& kind,
                                              const ReadProgress& progress = {});

// The same from a file, read through the bounded reader; throws InputLimitError or TimedTableCsvError
// prefixed "cannot read KIND table 'PATH': ".
std::vector<TimedTable> read_timed_table_csv(const std::string& path, const TimedTableKind& kind,
                                             const ReadProgress& progress = {});

} // namespace prefixlab
