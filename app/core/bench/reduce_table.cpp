// Harris's table as a timed table: the reduction kind (its columns, text, figure), its plan of rows and
// the ratios only it has (of the read-only pass, Harris's step and cumulative speedups).
#include "core/bench/reduce_table.hpp"

#include "core/bench/bench_sizes.hpp"
#include "core/bench/cpu_reductions.hpp"
#include "core/bench/timed_table_figure.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "kernels/bench/gpu_reduce_table.hpp"

#include <limits>
#include <stdexcept>
#include <thread>

namespace prefixlab {

namespace {

// Harris's kernels 1 to 7 are the catalogue's first seven reductions, in his order (kernel_catalog.hpp);
// the step and cumulative speedups are theirs.
constexpr std::size_t kHarrisKernels = 7;

// Every block reduction but the wrong-by-design ones (the quiz's barrier inside the if would hang the
// GPU: it runs only in a child process, docs/quiz.md).
std::vector<BlockAlgorithm> block_reductions() {
    std::vector<BlockAlgorithm> all;
    for (BlockAlgorithm algorithm : all_block_algorithms())
        if (kind_of(algorithm) == KernelKind::block_reduce && !is_racy(algorithm))
            all.push_back(algorithm);
    return all;
}

bool ours(const std::string& method) {
    return parse_block_algorithm(method).has_value();
}

std::string threads_text(int threads) {
    return std::to_string(threads) + " threads";
}

// The rows, in the order the table shows them: the read-only pass, every reduction at the table's block
// size (Harris's seven first), kernel 7 and the shuffle reductions at the other finishes and block
// sizes (the fastest of them is "ours at our best"), CUB, Thrust, then the CPU's three.
TimedTablePlan reduce_table_plan(const ReduceTableOptions& options, const std::vector<std::uint32_t>& input,
                                 std::uint32_t expected) {
    const double bytes = 4.0 * double(input.size()); // N × 4 bytes read
    const auto right = [expected](const TableAnswer& answer) { return answer.value == expected; };
    TimedTablePlan plan;
    plan.buffers = gpu_reduce_table_buffers(input.size());
    const auto gpu = [&](std::string method, std::string setup, GpuReduceMethod on_gpu) {
        plan.rows.push_back(gpu_row(
            std::move(method), std::move(setup), bytes,
            [on_gpu](std::size_t n) { return make_gpu_reduce_runner(on_gpu, n); }, right));
    };
    gpu("read-only", "16-byte loads", {GpuReduceKind::read_only});
    const std::vector<BlockAlgorithm> kernels = block_reductions();
    for (BlockAlgorithm kernel : kernels)
        gpu(std::string(name_of(kernel)), "recursive, " + threads_text(options.threads),
            {GpuReduceKind::block_kernel, kernel, ReduceFinish::recursive, options.threads});
    for (std::size_t k = kHarrisKernels - 1; k < kernels.size(); ++k)
        for (ReduceFinish finish : all_reduce_finishes())
            for (int threads : {128, 256, 512, 1024})
                if (finish != ReduceFinish::recursive || threads != options.threads)
                    gpu(std::string(name_of(kernels[k])),
                        std::string(name_of(finish)) + ", " + threads_text(threads),
                        {GpuReduceKind::block_kernel, kernels[k], finish, threads});
    gpu("cub", "DeviceReduce::Sum", {GpuReduceKind::cub});
    gpu("thrust", "thrust::reduce", {GpuReduceKind::thrust});

    const auto cpu = [&](std::string method, std::string setup, std::function<std::uint32_t()> reduce) {
        plan.rows.push_back(cpu_row(
            std::move(method), std::move(setup), bytes,
            [reduce] {
                return TableAnswer{reduce(), {}};
            },
            right));
    };
    const std::uint32_t* in = input.data();
    const std::size_t n = input.size();
    cpu("cpu-loop", "one core", [in, n] { return cpu_loop_reduce(in, n); });
    cpu("cpu-std-reduce", "std::reduce", [in, n] { return cpu_std_reduce(in, n); });
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    // below kThreadedReduceSerialBelow the threaded sum runs on one thread: the row says so
    cpu("cpu-threads", n < kThreadedReduceSerialBelow ? "1 thread below 2^20" : threads_text(cores),
        [in, n, cores] { return cpu_threaded_reduce(in, n, cores); });
    return plan;
}

// Of the read-only pass for every row; Harris's step and cumulative speedups for his kernels 2 to 7.
void fill_ratios(ReduceTable& table) {
    double read_only = 0;
    for (const ReduceTableRow& row : table.rows)
        if (row.method == "read-only")
            read_only = row.median_ms;
    for (ReduceTableRow& row : table.rows) {
        row.values.assign(3, 0.0);
        if (read_only > 0 && row.median_ms > 0)
            row.values[kOfReadSpeed] = read_only / row.median_ms;
    }
    if (harris_kernel_of_row(table, 1) != 1)
        return;
    const double first = table.rows[1].median_ms;
    for (std::size_t k = 1; k < kHarrisKernels; ++k) {
        ReduceTableRow& row = table.rows[1 + k];
        if (row.median_ms <= 0)
            continue;
        row.values[kStepSpeedup] = table.rows[k].median_ms / row.median_ms;
        row.values[kCumulative] = first / row.median_ms;
    }
}

std::string text_heading(const TimedTable& table) {
    return "N = " + std::to_string(table.n) + " (" + std::to_string(table.n * 4 / 1024) +
           " KiB), uint32 +, on " + table.device;
}

std::string figure_title(const TimedTable& table) {
    return "Harris's reduction table, N = " + format_size(table.n);
}

// A slide's name for a method: Harris's kernels by number, the others spelled out.
std::string figure_label(const TimedTable& table, std::size_t r) {
    const std::string& method = table.rows[r].method;
    if (const int k = harris_kernel_of_row(table, r))
        return std::to_string(k) + "  " + method;
    static const std::pair<const char*, const char*> kNames[] = {{"read-only", "read-only pass"},
                                                                 {"cub", "CUB"},
                                                                 {"thrust", "Thrust"},
                                                                 {"cpu-loop", "CPU loop"},
                                                                 {"cpu-std-reduce", "CPU std::reduce"},
                                                                 {"cpu-threads", "CPU threads"}};
    for (const auto& [name, label] : kNames)
        if (method == name)
            return label;
    return method;
}

} // namespace

const TimedTableKind& reduce_table_kind() {
    static const TimedTableKind kind = [] {
        TimedTableKind kind;
        kind.name = "reduction";
        kind.data = "uint32 +";
        kind.max_n = std::uint64_t(std::numeric_limits<int>::max());
        kind.columns = {{"of_read_speed", "of read", "% of read", 9, true, 0},
                        {"step_speedup", "step", "step", 6, false, 2},
                        {"cumulative_speedup", "cumulative", "cumulative", 10, false, 2}};
        kind.method_width = 26;
        kind.setup_width = 22;
        kind.wrong = "WRONG TOTAL";
        kind.cub_method = "cub";
        kind.ours = ours;
        kind.text_heading = text_heading;
        kind.text_footer = ours_against_cub_line;
        kind.figure_title = figure_title;
        kind.figure_rows = reduce_table_figure_rows;
        kind.figure_label = figure_label;
        kind.figure_note =
            "GB/s: N × 4 bytes over the time.  % of read: the read-only pass's time over the row's.";
        return kind;
    }();
    return kind;
}

ReduceTable run_reduce_table(std::uint64_t n, const ReduceTableOptions& options, const RowProgress& progress,
                             const Cancelled& cancelled) {
    if (n == 0 || n > reduce_table_kind().max_n)
        throw std::invalid_argument("N = " + std::to_string(n) +
                                    ": a reduction table takes N from 1 to 2^31 - 1");
    if (options.repetitions < 1 || options.warmup < 0)
        throw std::invalid_argument("a reduction table needs at least one timed repetition");
    const std::vector<std::uint32_t> input = generate_input(
        InputKind::random, ElementType::uint32, ScanOperator::add, static_cast<int>(n), options.seed);
    ReduceTable table;
    table.n = n;
    time_table_rows(table, input,
                    reduce_table_plan(options, input, cpu_loop_reduce(input.data(), input.size())), options,
                    progress, cancelled);
    fill_ratios(table);
    find_best_rows(reduce_table_kind(), table);
    return table;
}

std::size_t reduce_table_rows_planned(const ReduceTableOptions& options) {
    return timed_rows_planned(reduce_table_plan(options, {}, 0), options);
}

int harris_kernel_of_row(const ReduceTable& table, std::size_t row) {
    const bool all_there = table.rows.size() >= 1 + kHarrisKernels && table.rows[0].method == "read-only";
    return all_there && row >= 1 && row <= kHarrisKernels ? static_cast<int>(row) : 0;
}

std::vector<std::size_t> reduce_table_figure_rows(const ReduceTable& table) {
    // Ours at Harris's block size and finish (the setup of his kernel 1's row), ours at our best, and
    // every row that is not ours.
    const std::string harris_setup = harris_kernel_of_row(table, 1) ? table.rows[1].setup : "";
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const ReduceTableRow& row = table.rows[r];
        if (!ours(row.method) || row.setup == harris_setup || int(r) == table.best_own)
            rows.push_back(r);
    }
    return rows;
}

std::string reduce_table_text(const ReduceTable& table) {
    return timed_table_text(reduce_table_kind(), table);
}

void write_reduce_table_csv(std::ostream& out, const std::vector<ReduceTable>& tables) {
    write_timed_table_csv(out, reduce_table_kind(), tables);
}

std::vector<ReduceTable> parse_reduce_table_csv(const std::string& text, const ReadProgress& progress) {
    return parse_timed_table_csv(text, reduce_table_kind(), progress);
}

std::vector<ReduceTable> read_reduce_table_csv(const std::string& path, const ReadProgress& progress) {
    return read_timed_table_csv(path, reduce_table_kind(), progress);
}

TableFigure reduce_table_figure(const ReduceTable& table) {
    return timed_table_figure(reduce_table_kind(), table);
}

} // namespace prefixlab
