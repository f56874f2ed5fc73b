// Radix sort timed (issue 36), a timed table (timed_table.hpp): for one N of random uint32 keys, our textbook
// radix sort (kernels/grid/grid_sort_plan.hpp), cub::DeviceRadixSort::SortKeys, thrust::sort, the same three
// for pairs (a uint32 value a key), a device-to-device copy of the N keys (the speed of light of one pass
// that reads and writes them all) and the CPU's std::sort, std::stable_sort and a sort on every core, each
// as its median time, its bandwidth (N keys read and written once, pairs twice the bytes: a copy's, so GB/s
// compares with the copy's), its time against CUB's and its share of the copy's speed. Every output is
// compared with std::sort's; a pair's value must be its key's index, equal keys in order. Its rows are a plan
// (sort_table.cpp), its GPU runners kernels/bench/gpu_sort_table.cu; the timing, text and CSV are every
// table's.
#pragma once

#include "core/bench/timed_table.hpp"
#include "core/bench/timed_table_run.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace prefixlab {

const TimedTableKind& sort_table_kind();

// The sort table's parameter (TimedTable::parameters) and columns (TimedRow::values).
enum SortTableParameter : std::size_t {
    kKeyBits, // the keys are random in their lowest kKeyBits bits (32: all)
};
enum SortTableColumn : std::size_t {
    kSortOfCub,  // this median / CUB's (SortKeys' for keys, SortPairs' for pairs; 0 where not timed)
    kSortOfCopy, // the copy's median / this one
};

// n keys random in their lowest `bits` bits (1 to 32): the benchmark's input.
std::vector<std::uint32_t> sort_bench_input(std::uint64_t n, int bits, std::uint64_t seed);

// Which rows a sort table has besides the GPU's.
struct SortTableRows {
    bool cpu = true;    // the CPU's three (false: `--gpu-only`; std::stable_sort of 2^30 keys takes a minute)
    bool sweep = false; // Onesweep at every keys-a-thread and look-back window it is built with, keys alone
};

// Times every row at n (1 ≤ n ≤ 2^30) keys random in `bits` bits. `progress` (may be empty) hears each
// row's name; `cancelled` (may be empty) stops between rows. Throws std::invalid_argument for a bad n,
// bits or options; GPU errors propagate.
TimedTable run_sort_table(std::uint64_t n, int bits, const TimedTableOptions& options, const RowProgress& progress = {},
                          const Cancelled& cancelled = {}, const SortTableRows& rows = {});

// How many rows run_sort_table times with `options`, for progress bars.
std::size_t sort_table_rows_planned(const TimedTableOptions& options);

std::string sort_table_text(const TimedTable& table);

// Every table under one header: n,bits,method,setup,median_ms,gb_per_s,of_cub,of_copy,correct,device,driver,
// date.
void write_sort_table_csv(std::ostream& out, const std::vector<TimedTable>& tables);

} // namespace prefixlab
