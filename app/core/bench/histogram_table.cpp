// Histograms as a timed table: the histogram kind, its plan of rows, and its ratios to CUB, the read pass
// and the uniform input.
#include "core/bench/histogram_table.hpp"

#include "core/bench/bench_sizes.hpp" // format_size
#include "core/bench/timed_table_csv.hpp"
#include "kernels/bench/gpu_histogram_table.hpp"
#include "kernels/grid/histogram_plan.hpp"

#include <bit>
#include <stdexcept>

namespace prefixlab {

namespace {

constexpr std::uint64_t kMaxHistogramN = std::uint64_t(1) << 30;

bool histogram_is_ours(const std::string& method) {
    return method == "global-atomics" || method == "shared-atomics" || method == "warp-aggregated";
}

// The rows, in the order the table shows them: the read pass; ours, CUB's; then the CPU's two (unless
// `chosen.cpu` is false).
TimedTablePlan histogram_table_plan(const std::vector<std::uint32_t>& input, std::uint64_t fingerprint,
                                    std::uint32_t bins, const HistogramTableRows& chosen) {
    const double bytes = 4.0 * double(input.size()); // every key read once
    TimedTablePlan plan;
    plan.buffers = gpu_histogram_table_buffers(input.size());
    const auto right = [fingerprint](const TableAnswer& a) { return a.value == fingerprint; };
    const auto row = [&](std::string method, std::string setup, GpuHistogramMethod on_gpu) {
        on_gpu.bins = bins;
        plan.rows.push_back(gpu_row(std::move(method), std::move(setup), bytes,
                                    [on_gpu](std::size_t max_n) { return make_gpu_histogram_runner(on_gpu, max_n); },
                                    right));
    };
    const std::string tile = std::to_string(kHistogramThreads) + " x " + std::to_string(kHistogramItems) + " keys a tile";
    row("read", "every key read once", {GpuHistogramKind::read_only});
    row("global-atomics", "atomicAdd to the grid's bins, " + tile, {GpuHistogramKind::ours, HistogramMethod::global_atomics});
    row("shared-atomics", "a block's bins in shared memory, " + tile, {GpuHistogramKind::ours, HistogramMethod::shared_atomics});
    row("warp-aggregated", "a warp's keys of a bin added at once, " + tile,
        {GpuHistogramKind::ours, HistogramMethod::warp_aggregated});
    row("cub", "DeviceHistogram::HistogramEven", {GpuHistogramKind::cub});
    if (std::has_single_bit(bins))
        row("cub-shifted", "HistogramEven of key >> (32 - log2 B), 32-bit levels", {GpuHistogramKind::cub_shifted});
    if (!chosen.cpu)
        return plan;
    const auto cpu = [&](std::string method, std::string setup,
                         std::vector<std::uint32_t> (*count)(const std::vector<std::uint32_t>&, std::uint32_t)) {
        plan.rows.push_back(cpu_row(std::move(method), std::move(setup), bytes,
                                    [&input, count, bins] {
                                        return TableAnswer{histogram_fingerprint(count(input, bins)), {}};
                                    },
                                    right));
    };
    cpu("cpu-histogram", "one core", cpu_histogram);
    cpu("cpu-parallel-histogram", "every core, bins of its own, added", histogram_on_every_core);
    return plan;
}

std::string histogram_text_heading(const TimedTable& table) {
    return "N = " + std::to_string(table.n) + ", uint32 keys in " + std::to_string(table.parameters[kHistogramBins]) +
           " bins, " + histogram_input_name(HistogramInput(table.parameters[kHistogramInput])) + ", on " + table.device;
}

// The slide's title: the table is told from the others of its N by its bins and input.
std::string histogram_figure_title(const TimedTable& table) {
    return "Histogram table, N = " + format_size(table.n) + ", " + std::to_string(table.parameters[kHistogramBins]) +
           " bins, " + histogram_input_name(HistogramInput(table.parameters[kHistogramInput]));
}

} // namespace

std::uint32_t most_histogram_bins() { return kMaxHistogramBins; }

std::string histogram_input_name(HistogramInput input) {
    switch (input) {
    case HistogramInput::uniform:
        return "uniform";
    case HistogramInput::one_bin:
        return "one-bin";
    case HistogramInput::zipf:
        return "zipf";
    }
    return "?";
}

const TimedTableKind& histogram_table_kind() {
    static const TimedTableKind kind = [] {
        TimedTableKind kind;
        kind.name = "histogram";
        kind.data = "uint32 keys";
        kind.max_n = kMaxHistogramN;
        kind.parameters = {{"bins", kMaxHistogramBins, " bins"}, {"input", 2, ""}};
        kind.columns = {{"of_cub", "x CUB", "× CUB", 9, false, 3},
                        {"of_read", "of read", "% of read", 9, true, 2},
                        {"of_uniform", "x unif.", "× uniform", 9, false, 2}};
        kind.method_width = 24;
        kind.setup_width = 44;
        kind.wrong = "WRONG COUNTS";
        kind.cub_method = "cub";
        kind.ours = histogram_is_ours;
        kind.text_heading = histogram_text_heading;
        kind.figure_title = histogram_figure_title;
        return kind;
    }();
    return kind;
}

TimedTable run_histogram_table(std::uint64_t n, std::uint32_t bins, HistogramInput input,
                               const TimedTableOptions& options, const RowProgress& progress,
                               const Cancelled& cancelled, const HistogramTableRows& rows) {
    if (n == 0 || n > kMaxHistogramN)
        throw std::invalid_argument("N = " + std::to_string(n) + ": a histogram table takes N from 1 to 2^30");
    require_histogram_bins(bins);
    if (options.repetitions < 1 || options.warmup < 0)
        throw std::invalid_argument("a histogram table needs at least one timed repetition");
    const std::vector<std::uint32_t> keys = histogram_input(n, input, bins, options.seed);
    const std::uint64_t fingerprint = histogram_fingerprint(histogram_on_every_core(keys, bins));
    TimedTable table;
    table.n = n;
    table.parameters = {bins, std::uint64_t(input)};
    time_table_rows(table, keys, histogram_table_plan(keys, fingerprint, bins, rows), options, progress, cancelled);
    double cub = 0, read = 0;
    for (const TimedRow& row : table.rows) {
        if (row.method == "cub")
            cub = row.median_ms;
        else if (row.method == "read")
            read = row.median_ms;
    }
    for (TimedRow& row : table.rows)
        row.values = {cub > 0 ? row.median_ms / cub : 0.0, read > 0 && row.median_ms > 0 ? read / row.median_ms : 0.0,
                      0.0};
    find_best_rows(histogram_table_kind(), table);
    return table;
}

void mark_skew_slowdowns(std::vector<TimedTable>& tables) {
    for (TimedTable& skewed : tables) {
        if (skewed.parameters.size() <= kHistogramInput ||
            HistogramInput(skewed.parameters[kHistogramInput]) == HistogramInput::uniform)
            continue;
        for (const TimedTable& uniform : tables) {
            if (uniform.n != skewed.n || uniform.parameters.size() <= kHistogramInput ||
                uniform.parameters[kHistogramBins] != skewed.parameters[kHistogramBins] ||
                HistogramInput(uniform.parameters[kHistogramInput]) != HistogramInput::uniform)
                continue;
            for (TimedRow& row : skewed.rows)
                for (const TimedRow& base : uniform.rows)
                    if (base.method == row.method && base.setup == row.setup && base.median_ms > 0 &&
                        row.values.size() > kHistogramOfUniform)
                        row.values[kHistogramOfUniform] = row.median_ms / base.median_ms;
        }
    }
}

std::size_t histogram_table_rows_planned(std::uint32_t bins, const TimedTableOptions& options) {
    const std::vector<std::uint32_t> none;
    return timed_rows_planned(histogram_table_plan(none, 0, bins, HistogramTableRows{}), options);
}

std::string histogram_table_text(const TimedTable& table) { return timed_table_text(histogram_table_kind(), table); }

void write_histogram_table_csv(std::ostream& out, const std::vector<TimedTable>& tables) {
    write_timed_table_csv(out, histogram_table_kind(), tables);
}

} // namespace prefixlab
