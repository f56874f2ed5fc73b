// Stream compaction timed (issue 15), a timed table (timed_table.hpp): for one N and each share of kept
// elements (the odd ones), our multi-block compaction and split (kernels/grid/grid_compact_plan.hpp),
// cub::DeviceSelect::If, thrust::copy_if, thrust::stable_partition, a device-to-device copy of the N
// elements (the speed of light of a pass that reads and writes them all) and the CPU's std::copy_if and
// std::stable_partition, each as its median time, its bandwidth (the bytes it must move: N read and the
// kept written, a split all N written) and its time against CUB's. uint32; every output is compared with
// std::copy_if's or std::stable_partition's. Its rows are a plan (compact_table.cpp), its GPU runners
// kernels/bench/gpu_compact_table.cu; the timing, text and CSV are every table's.
#pragma once

#include "core/bench/timed_table.hpp"
#include "core/bench/timed_table_run.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace prefixlab {

const TimedTableKind& compact_table_kind();

// The compaction table's parameters (TimedTable::parameters) and its one column (TimedRow::values).
enum CompactTableParameter : std::size_t {
    kKeptPercent, // the share of elements kept
    kKeptCount,   // how many the input keeps
};
enum CompactTableColumn : std::size_t {
    kOfCub,  // this median / CUB's (select's for a compaction, partition's for a split; 0 where not timed)
    kOfCopy, // the copy's median / this one: the fraction of the copy's speed
};

// n elements, `percent` % of them (at random places) odd, the others even: the benchmark's input.
std::vector<std::uint32_t> compact_bench_input(std::uint64_t n, int percent, std::uint64_t seed);

// Which rows a compaction table has besides the GPU's usual ones.
struct CompactTableRows {
    bool sweep = false; // the single-pass forms at every tile the table is built with, staged and direct
    bool cpu = true;    // the CPU's two (false: `--gpu-only`; a stable partition of 2^30 elements takes seconds)
};

// Times every row at n (1 ≤ n ≤ 2^30) with `percent` (0..100) % kept. `progress` (may be empty) hears each
// row's name; `cancelled` (may be empty) stops between rows; `rows` chooses the sweep and the CPU's rows.
// Throws std::invalid_argument for a bad n, share or options; GPU errors propagate.
TimedTable run_compact_table(std::uint64_t n, int percent, const TimedTableOptions& options,
                             const RowProgress& progress = {}, const Cancelled& cancelled = {},
                             const CompactTableRows& rows = {});

// How many rows run_compact_table times with `options` (no sweep), for progress bars.
std::size_t compact_table_rows_planned(const TimedTableOptions& options);

std::string compact_table_text(const TimedTable& table);

// Every table under one header: n,percent,kept,method,setup,median_ms,gb_per_s,of_cub,of_copy,correct,
// device,driver,date.
void write_compact_table_csv(std::ostream& out, const std::vector<TimedTable>& tables);

} // namespace prefixlab
