// Harris's table, reproduced (issue 15): for one N, every block reduction of the catalogue around the
// recursive finish (Harris's kernels 1 to 7 in his order, then the shuffle reductions), kernel 7 and
// the shuffle reductions with the atomic and the CPU finish, the fastest of ours over the finishes and
// block sizes, CUB, Thrust, the read-only speed of light and the CPU (loop, std::reduce, every core),
// each as its median time, its bandwidth (the N × 4 bytes it must read), its fraction of the read-only
// pass's speed, and for Harris's kernels the step and the cumulative speedup, as his table has them.
// uint32 +, Harris's sum of ints; every total is compared with the CPU loop's.
#pragma once

#include "kernels/common/scan_types.hpp"
#include "kernels/grid/reduce_finish.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace prefixlab {

struct ReduceTableRow {
    std::string method;       // "reduce-sequential", "cub", "read-only", "cpu-threads", …
    std::string setup;        // "recursive, 256 threads", "16 threads", ""
    double median_ms = 0;
    double gb_per_s = 0;      // N × 4 bytes / median
    double of_read_speed = 0; // read-only pass's median / this median (0 where it was not timed)
    double step_speedup = 0;  // Harris's kernels 2 to 7: the previous kernel's median / this one's; else 0
    double cumulative = 0;    // Harris's kernels 2 to 7: kernel 1's median / this one's; else 0
    bool checked = false;     // its total was compared with the CPU loop's (not the read-only pass)
    bool correct = true;
};

struct ReduceTable {
    std::uint64_t n = 0;
    std::string device;       // the GPU's name, or why there was none
    std::string driver;       // the NVIDIA driver's version; empty without a GPU
    std::string date;         // when it was timed, ISO 8601 UTC
    std::vector<ReduceTableRow> rows;
    int best_own = -1; // the fastest correct row of ours, or -1
    int cub = -1;      // CUB's row, or -1
};

struct ReduceTableOptions {
    int threads = 256;   // the block size of Harris's rows (he used 128)
    int warmup = 3;
    int repetitions = 20;
    std::uint64_t seed = 1;
    bool gpu = true;     // false: the CPU rows only (no GPU here)
};

// Times every row at n (1 ≤ n ≤ 2^31 - 1). `progress` (may be empty) hears each row's name before it is
// timed; `cancelled` (may be empty) stops between rows, returning the rows done. Throws
// std::invalid_argument for a bad n or options; GPU errors propagate.
ReduceTable run_reduce_table(std::uint64_t n, const ReduceTableOptions& options,
                             const std::function<void(const std::string&)>& progress = {},
                             const std::function<bool()>& cancelled = {});

// How many rows run_reduce_table times with `options` on this machine (for progress bars).
std::size_t reduce_table_rows_planned(const ReduceTableOptions& options);

// Harris's kernel number (1 to 7) of row `row`, or 0: his kernels are the seven rows after the
// read-only pass, when the GPU ran them all.
int harris_kernel_of_row(const ReduceTable& table, std::size_t row);

// Sets best_own and cub from the rows (the CSV reader calls it too).
void find_best_rows(ReduceTable& table);

// The table as text, one row a line, columns aligned ("time ms  GB/s  % of read  step  cumulative").
std::string reduce_table_text(const ReduceTable& table);

} // namespace prefixlab
