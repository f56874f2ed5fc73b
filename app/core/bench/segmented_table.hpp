// Segmented scans timed (issue 37), a timed table (timed_table.hpp): for one N of uint32 values and a mean
// segment length, ours (kernels/grid/segmented_scan.cuh) against cub::DeviceScan::InclusiveScanByKey, the copy
// (the speed of light) and the CPU's scan by key, each as its median time, its bandwidth (keys and values read,
// the scan written: 12 bytes an element; the copy 8), its time against CUB's and its bandwidth as a share of the
// copy's. Every row's output is compared with the CPU's. Its rows are a plan (segmented_table.cpp), its GPU
// runners kernels/bench/gpu_segmented_table.cu; the timing, text and CSV are every table's.
#pragma once

#include "core/bench/timed_table.hpp"
#include "core/bench/timed_table_run.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace prefixlab {

const TimedTableKind& segmented_table_kind();

enum SegmentedTableParameter : std::size_t {
    kSegmentedMeanLength, // the segments' mean length
    kSegmentedSegments,   // how many segments the keys make
};
enum SegmentedTableColumn : std::size_t {
    kSegmentedOfCub,    // this median / CUB's (0 where not timed)
    kSegmentedOfCopyBw, // this row's GB/s / the copy's
};

struct SegmentedTableRows {
    bool cpu = true;    // the CPU's row (false: `--gpu-only`)
    bool sweep = false; // ours at every tile it is built with
};

// The longest mean segment length a table takes (2^30: one segment).
std::uint64_t most_segment_length();

// Times every row at n (1 ≤ n ≤ 2^30) values in segments of mean length `mean_length` (segment_keys). `progress`
// (may be empty) hears each row's name; `cancelled` (may be empty) stops between rows. Throws
// std::invalid_argument for a bad n, mean length or options; GPU errors propagate.
TimedTable run_segmented_table(std::uint64_t n, std::uint64_t mean_length, const TimedTableOptions& options,
                               const RowProgress& progress = {}, const Cancelled& cancelled = {},
                               const SegmentedTableRows& rows = {});

// How many rows run_segmented_table times with these options (for progress bars).
std::size_t segmented_table_rows_planned(const TimedTableOptions& options);

std::string segmented_table_text(const TimedTable& table);

// Every table under one header: n,mean_length,segments,method,setup,median_ms,gb_per_s,of_cub,of_copy_bw,correct,
// device,driver,date.
void write_segmented_table_csv(std::ostream& out, const std::vector<TimedTable>& tables);

} // namespace prefixlab
