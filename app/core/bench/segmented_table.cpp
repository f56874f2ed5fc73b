// Segmented scans as a timed table: the segmented kind, its plan of rows, and its ratios to CUB and the copy.
#include "core/bench/segmented_table.hpp"

#include "core/bench/cpu_segmented.hpp"
#include "core/bench/bench_sizes.hpp" // format_size
#include "core/bench/timed_table_csv.hpp"
#include "kernels/bench/gpu_segmented_table.hpp"
#include "kernels/grid/segmented_scan_plan.hpp"

#include <memory>
#include <stdexcept>

namespace prefixlab {

namespace {

constexpr std::uint64_t kMaxSegmentedN = std::uint64_t(1) << 30;

bool segmented_is_ours(const std::string& method) { return method == "segmented-look-back"; }

// The rows, in the order the table shows them: the copy; ours (at every tile it is built with, where asked), CUB's;
// then the CPU's (unless `chosen.cpu` is false). `keys` outlives the plan.
TimedTablePlan segmented_table_plan(const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& values,
                                    const std::vector<std::uint32_t>& expected, const SegmentedTableRows& chosen) {
    const double n = double(values.size());
    const double bytes = 12.0 * n; // keys and values read, the scan written
    TimedTablePlan plan;
    plan.buffers = gpu_segmented_table_buffers(values.size());
    const auto right = [&expected](const TableAnswer& a) { return a.output == expected; };
    const auto row = [&](std::string method, std::string setup, GpuSegmentedMethod on_gpu) {
        on_gpu.keys = &keys;
        plan.rows.push_back(gpu_row(std::move(method), std::move(setup), bytes,
                                    [on_gpu](std::size_t max_n) { return make_gpu_segmented_runner(on_gpu, max_n); },
                                    right));
    };
    plan.rows.push_back(gpu_row("copy", "cudaMemcpy device to device", 8.0 * n,
                                [](std::size_t max_n) {
                                    return make_gpu_segmented_runner({GpuSegmentedKind::copy}, max_n);
                                },
                                right));
    std::vector<int> items = segmented_item_choices();
    if (!chosen.sweep)
        items.resize(1);
    for (int k : items)
        row("segmented-look-back",
            std::to_string(kSegmentedThreads) + " x " + std::to_string(k) + ", look-back to the last head",
            {GpuSegmentedKind::ours, k});
    row("cub", "DeviceScan::InclusiveScanByKey", {GpuSegmentedKind::cub});
    if (chosen.cpu)
        plan.rows.push_back(cpu_row("cpu-segmented-scan", "one core", bytes,
                                    [&keys, &values] { return TableAnswer{0, cpu_segmented_scan(keys, values)}; },
                                    right));
    return plan;
}

std::string segmented_text_heading(const TimedTable& table) {
    return "N = " + std::to_string(table.n) + ", uint32 values in " + std::to_string(table.parameters[kSegmentedSegments]) +
           " segments of mean length " + std::to_string(table.parameters[kSegmentedMeanLength]) + ", on " + table.device;
}

// The slide's title: the table is told from the others of its N by its segments' mean length.
std::string segmented_figure_title(const TimedTable& table) {
    return "Segmented scan table, N = " + format_size(table.n) + ", segments of mean length " +
           std::to_string(table.parameters[kSegmentedMeanLength]);
}

} // namespace

std::uint64_t most_segment_length() { return kMaxSegmentedN; }

const TimedTableKind& segmented_table_kind() {
    static const TimedTableKind kind = [] {
        TimedTableKind kind;
        kind.name = "segmented";
        kind.data = "uint32 +, by key";
        kind.max_n = kMaxSegmentedN;
        kind.parameters = {{"mean_length", kMaxSegmentedN, " long"}, {"segments", kMaxSegmentedN, ""}};
        kind.columns = {{"of_cub", "x CUB", "× CUB", 9, false, 3},
                        {"of_copy_bw", "copy BW", "% of copy's GB/s", 9, true, 2}};
        kind.method_width = 24;
        kind.setup_width = 40;
        kind.wrong = "WRONG OUTPUT";
        kind.cub_method = "cub";
        kind.ours = segmented_is_ours;
        kind.text_heading = segmented_text_heading;
        kind.figure_title = segmented_figure_title;
        return kind;
    }();
    return kind;
}

TimedTable run_segmented_table(std::uint64_t n, std::uint64_t mean_length, const TimedTableOptions& options,
                               const RowProgress& progress, const Cancelled& cancelled, const SegmentedTableRows& rows) {
    if (n == 0 || n > kMaxSegmentedN)
        throw std::invalid_argument("N = " + std::to_string(n) + ": a segmented table takes N from 1 to 2^30");
    if (mean_length == 0 || mean_length > kMaxSegmentedN)
        throw std::invalid_argument("a segment's mean length is 1 to 2^30, not " + std::to_string(mean_length));
    if (options.repetitions < 1 || options.warmup < 0)
        throw std::invalid_argument("a segmented table needs at least one timed repetition");
    const std::vector<std::uint32_t> keys = segment_keys(n, mean_length, options.seed);
    const std::vector<std::uint32_t> values = segment_values(n, options.seed + 1);
    const std::vector<std::uint32_t> expected = cpu_segmented_scan(keys, values);
    TimedTable table;
    table.n = n;
    table.parameters = {mean_length, segment_count(keys)};
    time_table_rows(table, values, segmented_table_plan(keys, values, expected, rows), options, progress, cancelled);
    double cub = 0, copy_bw = 0;
    for (const TimedRow& row : table.rows) {
        if (row.method == "cub")
            cub = row.median_ms;
        else if (row.method == "copy")
            copy_bw = row.gb_per_s;
    }
    for (TimedRow& row : table.rows)
        row.values = {cub > 0 ? row.median_ms / cub : 0.0, copy_bw > 0 ? row.gb_per_s / copy_bw : 0.0};
    find_best_rows(segmented_table_kind(), table);
    return table;
}

std::size_t segmented_table_rows_planned(const TimedTableOptions& options) {
    const std::vector<std::uint32_t> none;
    return timed_rows_planned(segmented_table_plan(none, none, none, SegmentedTableRows{}), options);
}

std::string segmented_table_text(const TimedTable& table) { return timed_table_text(segmented_table_kind(), table); }

void write_segmented_table_csv(std::ostream& out, const std::vector<TimedTable>& tables) {
    write_timed_table_csv(out, segmented_table_kind(), tables);
}

} // namespace prefixlab
