// Stream compaction timed (issue 15): for one N and each share of kept elements (the odd ones), our
// multi-block compaction and split (kernels/grid/grid_compact_plan.hpp), cub::DeviceSelect::If,
// thrust::copy_if, thrust::stable_partition, a device-to-device copy of the N elements (the speed of
// light of a pass that reads and writes them all) and the CPU's std::copy_if and std::stable_partition,
// each as its median time, its bandwidth (the bytes it must move: N read and the kept written, a split
// all N written) and its time against CUB's. uint32; every output is compared with std::copy_if's or
// std::stable_partition's.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace prefixlab {

struct CompactTableRow {
    std::string method;      // "compact", "split", "cub-select", "thrust-copy-if", "thrust-stable-partition",
                             // "copy", "cpu-copy-if", "cpu-stable-partition"
    std::string setup;       // "256 threads", "DeviceSelect::If", ""
    bool split = false;      // it partitions (all N written), rather than compacts
    double median_ms = 0;
    double gb_per_s = 0;     // the bytes it must move / median
    double of_cub = 0;       // this median / CUB's (0 where CUB was not timed)
    bool checked = false;
    bool correct = true;
};

struct CompactTable {
    std::uint64_t n = 0;
    int percent = 50;        // the share of elements kept
    std::size_t kept = 0;    // how many the input keeps
    std::string device;
    std::vector<CompactTableRow> rows;
};

struct CompactTableOptions {
    int warmup = 3;
    int repetitions = 20;
    std::uint64_t seed = 1;
    bool gpu = true; // false: the CPU rows only
};

// n elements, `percent` % of them (at random places) odd, the others even: the benchmark's input.
std::vector<std::uint32_t> compact_bench_input(std::uint64_t n, int percent, std::uint64_t seed);

// Times every row at n (1 ≤ n ≤ 2^30) with `percent` (0..100) % kept. `progress` (may be empty) hears each
// row's name; `cancelled` (may be empty) stops between rows. Throws std::invalid_argument for a bad n,
// share or options; GPU errors propagate.
CompactTable run_compact_table(std::uint64_t n, int percent, const CompactTableOptions& options,
                               const std::function<void(const std::string&)>& progress = {},
                               const std::function<bool()>& cancelled = {});

std::string compact_table_text(const CompactTable& table);

// Every table under one header: n,percent,kept,method,setup,median_ms,gb_per_s,of_cub,correct,device.
void write_compact_table_csv(std::ostream& out, const std::vector<CompactTable>& tables);

} // namespace prefixlab
