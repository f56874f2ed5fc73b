// Histograms timed (issue 37), a timed table (timed_table.hpp): for one N of uint32 keys, B bins and a kind
// of input (uniform, all in one bin, Zipf's law: cpu_histogram.hpp), our three ways of counting
// (kernels/grid/histogram_tiles.cuh: global atomics, privatised shared atomics, warp-aggregated atomics),
// cub::DeviceHistogram::HistogramEven, the speed of light (a pass that reads every key once) and the CPU's
// histogram on one core and on every core, each as its median time, its bandwidth (N keys read once), its
// time against CUB's, the read pass's speed as a share of its own, and its time against its own on uniform
// keys (where a uniform table of the same N and bins was timed: the skew's slowdown). Every row's counts are
// compared with the CPU's (their fingerprint). Its rows are a plan (histogram_table.cpp), its GPU runners
// kernels/bench/gpu_histogram_table.cu; the timing, text and CSV are every table's.
#pragma once

#include "core/bench/cpu_histogram.hpp"
#include "core/bench/timed_table.hpp"
#include "core/bench/timed_table_run.hpp"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace prefixlab {

const TimedTableKind& histogram_table_kind();

// The histogram table's parameters (TimedTable::parameters) and columns (TimedRow::values).
enum HistogramTableParameter : std::size_t {
    kHistogramBins,  // B
    kHistogramInput, // a HistogramInput
};
enum HistogramTableColumn : std::size_t {
    kHistogramOfCub,     // this median / CUB's (0 where not timed)
    kHistogramOfRead,    // the read pass's median / this one
    kHistogramOfUniform, // this median / the same method's on uniform keys (0 where there is none)
};

std::string histogram_input_name(HistogramInput input); // "uniform", "one-bin", "zipf"

// The most bins a histogram has (kernels/grid/histogram_tiles.cuh: kMaxHistogramBins).
std::uint32_t most_histogram_bins();

struct HistogramTableRows {
    bool cpu = true; // the CPU's two (false: `--gpu-only`)
};

// Times every row at n (1 ≤ n ≤ 2^30) keys of `input` in `bins` bins (1 … 4096). `progress` (may be empty)
// hears each row's name; `cancelled` (may be empty) stops between rows. Throws std::invalid_argument for a bad
// n, bins or options; GPU errors propagate.
TimedTable run_histogram_table(std::uint64_t n, std::uint32_t bins, HistogramInput input,
                               const TimedTableOptions& options, const RowProgress& progress = {},
                               const Cancelled& cancelled = {}, const HistogramTableRows& rows = {});

// Fills each skewed table's kHistogramOfUniform from the uniform table of the same N and bins, where there is one.
void mark_skew_slowdowns(std::vector<TimedTable>& tables);

// How many rows run_histogram_table times with `bins` bins and these options (for progress bars).
std::size_t histogram_table_rows_planned(std::uint32_t bins, const TimedTableOptions& options);

std::string histogram_table_text(const TimedTable& table);

// Every table under one header: n,bins,input,method,setup,median_ms,gb_per_s,of_cub,of_read,of_uniform,correct,
// device,driver,date.
void write_histogram_table_csv(std::ostream& out, const std::vector<TimedTable>& tables);

} // namespace prefixlab
