// Radix sort as a timed table: the sort kind, its plan of rows, and its ratios to CUB and the copy.
#include "core/bench/sort_table.hpp"

#include "core/bench/cpu_sort.hpp"
#include "core/bench/timed_table_csv.hpp"
#include "kernels/bench/gpu_sort_table.hpp"
#include "kernels/grid/onesweep_sort_plan.hpp" // kOnesweepItems

#include <algorithm>
#include <cstdio>
#include <random>
#include <stdexcept>

namespace prefixlab {

namespace {

constexpr std::uint64_t kMaxSortN = std::uint64_t(1) << 30;

bool sort_is_ours(const std::string& method) {
    return method.rfind("textbook", 0) == 0 || method.rfind("onesweep", 0) == 0;
}

bool sorts_pairs(const std::string& method) {
    return method.size() > 6 && method.compare(method.size() - 6, 6, "-pairs") == 0;
}

// The rows, in the order the table shows them: the copy; keys: Onesweep, the textbook's at two block sizes, CUB's SortKeys,
// thrust::sort; pairs: the same with SortPairs and thrust::stable_sort_by_key; then the CPU's three (unless
// `chosen.cpu` is false).
TimedTablePlan sort_table_plan(const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& sorted,
                               const SortTableRows& chosen) {
    const double n = double(input.size());
    TimedTablePlan plan;
    plan.buffers = gpu_sort_table_buffers(input.size());
    plan.large_cpu_repetitions = 3; // std::stable_sort of 2^30 keys takes a minute
    const std::uint64_t count = input.size();
    const auto right = [&sorted, count](const TableAnswer& a) { return a.value == count && a.output == sorted; };
    const auto row = [&](std::string method, std::string setup, GpuSortMethod on_gpu) {
        plan.rows.push_back(gpu_row(std::move(method), std::move(setup), (on_gpu.pairs ? 16.0 : 8.0) * n,
                                    [on_gpu](std::size_t max_n) { return make_gpu_sort_runner(on_gpu, max_n); },
                                    right));
    };
    row("copy", "cudaMemcpy device to device", {GpuSortKind::copy});
    for (bool pairs : {false, true}) {
        const std::string suffix = pairs ? "-pairs" : "";
        row("onesweep" + suffix, "8-bit digits, 256 x " + std::to_string(kOnesweepItems), {GpuSortKind::onesweep, pairs});
        if (chosen.sweep && pairs) {
            for (int items : kOnesweepItemChoices)
                if (items != kOnesweepItems && items >= 16)
                    row("onesweep-pairs", "8-bit digits, 256 x " + std::to_string(items),
                        {GpuSortKind::onesweep, true, 256, items});
            GpuSortMethod other{GpuSortKind::onesweep, true};
            other.other_staging = true;
            row("onesweep-pairs",
                "8-bit digits, 256 x " + std::to_string(kOnesweepItems) +
                    (kOnesweepValues == OnesweepValues::after_keys ? ", values in a buffer of their own"
                                                                   : ", values after the keys"),
                other);
        }
        if (chosen.sweep && !pairs) {
            for (int items : kOnesweepItemChoices)
                if (items != kOnesweepItems)
                    row("onesweep", "8-bit digits, 256 x " + std::to_string(items),
                        {GpuSortKind::onesweep, false, 256, items});
            for (int window : kOnesweepWindowChoices)
                if (window != kOnesweepWindow)
                    row("onesweep",
                        "8-bit digits, 256 x " + std::to_string(kOnesweepItems) + ", look-back " + std::to_string(window),
                        {GpuSortKind::onesweep, false, 256, 0, window});
            row("onesweep",
                "8-bit digits, 256 x " + std::to_string(kOnesweepItems) +
                    (kOnesweepSharedCounts ? ", histogram by ballots" : ", histogram by shared atomics"),
                {GpuSortKind::onesweep, false, 256, 0, 0, true});
        }
        for (int threads : {256, 512})
            row("textbook" + suffix, "4-bit digits, " + std::to_string(threads) + " threads",
                {GpuSortKind::textbook, pairs, threads});
        row("cub" + suffix, pairs ? "DeviceRadixSort::SortPairs" : "DeviceRadixSort::SortKeys", {GpuSortKind::cub, pairs});
        row("thrust" + suffix, pairs ? "thrust::stable_sort_by_key" : "thrust::sort", {GpuSortKind::thrust, pairs});
    }
    if (!chosen.cpu)
        return plan;
    const auto cpu = [&](std::string method, std::string setup, void (*sort)(std::vector<std::uint32_t>&)) {
        plan.rows.push_back(cpu_row(std::move(method), std::move(setup), 8.0 * n,
                                    [&input, sort, count] {
                                        TableAnswer answer{count, input};
                                        sort(answer.output);
                                        return answer;
                                    },
                                    right));
    };
    cpu("cpu-sort", "std::sort, one core", [](std::vector<std::uint32_t>& k) { std::sort(k.begin(), k.end()); });
    cpu("cpu-stable-sort", "std::stable_sort, one core",
        [](std::vector<std::uint32_t>& k) { std::stable_sort(k.begin(), k.end()); });
    cpu("cpu-parallel-sort", "std::sort on all cores, merged", sort_on_every_core);
    return plan;
}

std::string sort_text_heading(const TimedTable& table) {
    return "N = " + std::to_string(table.n) + ", uint32 keys random in " + std::to_string(table.parameters[kKeyBits]) +
           " bits, on " + table.device;
}

// Keys a second of our fastest row and of CUB's: the figure a sort is quoted by.
std::string sort_text_footer(const TimedTable& table) {
    std::string footer;
    for (int r : {table.best_own, table.cub}) {
        if (r < 0 || table.rows[std::size_t(r)].median_ms <= 0)
            continue;
        const TimedRow& row = table.rows[std::size_t(r)];
        char line[160];
        std::snprintf(line, sizeof line, "%s (%s): %.2f G keys/s\n", row.method.c_str(), row.setup.c_str(),
                      double(table.n) / row.median_ms / 1e6);
        footer += line;
    }
    return footer;
}

} // namespace

const TimedTableKind& sort_table_kind() {
    static const TimedTableKind kind = [] {
        TimedTableKind kind;
        kind.name = "sort";
        kind.data = "uint32 keys";
        kind.max_n = kMaxSortN;
        kind.parameters = {{"bits", 32, "-bit keys"}};
        kind.columns = {{"of_cub", "x CUB", "× CUB", 9, false, 3}, {"of_copy", "of copy", "% of copy", 9, true, 2}};
        kind.method_width = 20;
        kind.setup_width = 32;
        kind.wrong = "WRONG ORDER";
        kind.cub_method = "cub";
        kind.ours = sort_is_ours;
        kind.text_heading = sort_text_heading;
        kind.text_footer = sort_text_footer;
        return kind;
    }();
    return kind;
}

std::vector<std::uint32_t> sort_bench_input(std::uint64_t n, int bits, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    const std::uint32_t mask = bits >= 32 ? 0xffffffffu : (1u << bits) - 1u;
    std::vector<std::uint32_t> keys(static_cast<std::size_t>(n));
    for (std::uint32_t& k : keys)
        k = static_cast<std::uint32_t>(random() >> 32) & mask;
    return keys;
}

TimedTable run_sort_table(std::uint64_t n, int bits, const TimedTableOptions& options, const RowProgress& progress,
                          const Cancelled& cancelled, const SortTableRows& rows) {
    if (n == 0 || n > kMaxSortN)
        throw std::invalid_argument("N = " + std::to_string(n) + ": a sort table takes N from 1 to 2^30");
    if (bits < 1 || bits > 32)
        throw std::invalid_argument("the keys' bits are from 1 to 32, not " + std::to_string(bits));
    if (options.repetitions < 1 || options.warmup < 0)
        throw std::invalid_argument("a sort table needs at least one timed repetition");
    const std::vector<std::uint32_t> input = sort_bench_input(n, bits, options.seed);
    std::vector<std::uint32_t> sorted = input; // the reference, on every core (2^30 keys on one: 90 s)
    sort_on_every_core(sorted);
    TimedTable table;
    table.n = n;
    table.parameters = {std::uint64_t(bits)};
    time_table_rows(table, input, sort_table_plan(input, sorted, rows), options, progress, cancelled);
    // keys against CUB's SortKeys, pairs against its SortPairs; every row against the copy
    double cub_keys = 0, cub_pairs = 0, copy = 0;
    for (const TimedRow& row : table.rows) {
        if (row.method == "cub")
            cub_keys = row.median_ms;
        else if (row.method == "cub-pairs")
            cub_pairs = row.median_ms;
        else if (row.method == "copy")
            copy = row.median_ms;
    }
    for (TimedRow& row : table.rows) {
        const double cub = sorts_pairs(row.method) ? cub_pairs : cub_keys;
        row.values = {cub > 0 ? row.median_ms / cub : 0.0, copy > 0 && row.median_ms > 0 ? copy / row.median_ms : 0.0};
    }
    find_best_rows(sort_table_kind(), table);
    return table;
}

std::size_t sort_table_rows_planned(const TimedTableOptions& options) {
    const std::vector<std::uint32_t> none;
    return timed_rows_planned(sort_table_plan(none, none, SortTableRows{}), options);
}

std::string sort_table_text(const TimedTable& table) { return timed_table_text(sort_table_kind(), table); }

void write_sort_table_csv(std::ostream& out, const std::vector<TimedTable>& tables) {
    write_timed_table_csv(out, sort_table_kind(), tables);
}

} // namespace prefixlab
