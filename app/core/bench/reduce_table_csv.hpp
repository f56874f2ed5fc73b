// Harris's tables as CSV: written by `prefixlab reduce-table --csv` and the Benchmark tab, read back by
// both (the H100's table ships in assets/bench/), one row a line under one header:
//   n,method,setup,median_ms,gb_per_s,of_read_speed,step_speedup,cumulative_speedup,correct,device,driver,date
// Text fields are quoted, quotes doubled. The reader is strict: a file it did not write (a header it
// does not know, a short row, a number out of range, a size over kMaxResultsFileBytes, more tables or
// rows than the limits below) is refused with one line naming the line and the problem. It reads in
// time linear in the file's length, whatever the number of tables (docs/input-limits.md).
#pragma once

#include "core/bench/reduce_table.hpp"

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

inline constexpr const char* kReduceTableCsvHeader =
    "n,method,setup,median_ms,gb_per_s,of_read_speed,step_speedup,cumulative_speedup,correct,device,driver,date";

// The most tables (distinct N) one CSV holds, and rows one table holds. The largest file PrefixLab
// writes, `prefixlab reduce-table --n 1..2^30 --csv` on a GPU, holds 31 tables of 48 rows
// (reduce_table_rows_planned; the shipped H100 file has 2 such tables); `reduce-table` refuses more
// sizes than kMaxReduceTables, so whatever it writes reads back. A file at both limits (34.5 MB) reads
// in 0.2 s on the 2-core machine.
inline constexpr std::size_t kMaxReduceTables = 256;
inline constexpr std::size_t kMaxReduceTableRows = 1024;

void write_reduce_table_csv(std::ostream& out, const std::vector<ReduceTable>& tables);

// A file that is not a reduction table: "line L: PROBLEM".
class ReduceTableCsvError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// How far a read has come, 0..1 by bytes (the GUI's progress bar); may be empty.
using ReadProgress = std::function<void(double)>;

// The tables of a CSV text, one per N in the order they first appear, rows in file order, best_own
// and cub found again. Throws ReduceTableCsvError.
std::vector<ReduceTable> parse_reduce_table_csv(const std::string& text, const ReadProgress& progress = {});

// The same from a file, read through the bounded reader; throws InputLimitError or
// ReduceTableCsvError prefixed "cannot read reduction table 'PATH': ".
std::vector<ReduceTable> read_reduce_table_csv(const std::string& path, const ReadProgress& progress = {});

} // namespace prefixlab
