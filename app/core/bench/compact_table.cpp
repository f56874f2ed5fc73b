// Stream compaction as a timed table: the compaction kind, its plan of rows, and its ratio to CUB.
#include "core/bench/compact_table.hpp"

#include "core/bench/timed_table_csv.hpp"
#include "kernels/bench/gpu_compact_table.hpp"
#include "kernels/common/compaction_predicate.hpp"
#include "kernels/grid/grid_compact_request.hpp" // the single-pass tuned tile

#include <algorithm>
#include <iterator>
#include <random>
#include <stdexcept>

namespace prefixlab {

namespace {

constexpr std::uint64_t kMaxCompactN = std::uint64_t(1) << 30;

bool kept(std::uint32_t x) {
    return kept_element(x, KeepPredicate{}); // the table's documented predicate: odd
}

bool ours(const std::string& method) {
    return method == "compact" || method == "split" || method == "compact-1pass" || method == "split-1pass";
}

bool is_split(const std::string& method) {
    return method == "split" || method == "split-1pass" || method == "cub-partition" ||
           method == "thrust-stable-partition" || method == "cpu-stable-partition";
}

std::string single_pass_setup(const GpuCompactMethod& m) {
    const int items = m.items > 0 ? m.items : kSinglePassCompactItems;
    return std::to_string(m.threads) + " x " + std::to_string(items) + (m.staged ? ", staged" : ", direct") +
           (m.type == ElementType::uint32 ? "" : ", as " + std::string(name_of(m.type)));
}

// The answers, from the standard library: the kept elements in order, and the input split.
struct CompactAnswers {
    explicit CompactAnswers(const std::vector<std::uint32_t>& input) : split(input) {
        std::copy_if(input.begin(), input.end(), std::back_inserter(compacted), kept);
        std::stable_partition(split.begin(), split.end(), kept);
    }
    std::vector<std::uint32_t> compacted, split;

    // A compaction's first `kept` words and its count; a split's every word.
    bool right(const TableAnswer& answer, bool is_split) const {
        if (answer.value != compacted.size())
            return false;
        if (is_split)
            return answer.output == split;
        return answer.output.size() >= compacted.size() &&
               std::equal(compacted.begin(), compacted.end(), answer.output.begin());
    }
};

// The rows, in the order the table shows them: the copy; our two-pass compaction at three block sizes,
// our single-pass one (uint32, and the same bits as int32 and float), CUB's select, Thrust's copy_if; the
// same for the split with CUB's partition and Thrust's stable_partition; then the CPU's two (unless
// `chosen.cpu` is false). `chosen.sweep` adds the single-pass forms at every elements-a-thread choice,
// staged and direct (uint32).
TimedTablePlan compact_table_plan(const std::vector<std::uint32_t>& input, const CompactAnswers& answers,
                                  const CompactTableRows& chosen) {
    const double n = double(input.size());
    const double compact_bytes = 4.0 * (n + double(answers.compacted.size())); // N read, the kept written
    const double split_bytes = 8.0 * n;                                        // N read, N written
    TimedTablePlan plan;
    plan.buffers = gpu_compact_table_buffers(input.size());
    plan.large_cpu_repetitions = 3; // a stable partition of 2^30 elements takes seconds
    const auto row = [&](std::string method, std::string setup, bool split, GpuCompactMethod on_gpu) {
        plan.rows.push_back(gpu_row(
            std::move(method), std::move(setup), split ? split_bytes : compact_bytes,
            [on_gpu](std::size_t max_n) { return make_gpu_compact_runner(on_gpu, max_n); },
            [&answers, split](const TableAnswer& a) { return answers.right(a, split); }));
    };
    const auto single_pass_rows = [&](bool split) {
        const std::string method = split ? "split-1pass" : "compact-1pass";
        for (ElementType type : {ElementType::uint32, ElementType::int32, ElementType::float32}) {
            GpuCompactMethod m{GpuCompactKind::single_pass, split, kSinglePassCompactThreads};
            m.type = type;
            row(method, single_pass_setup(m), split, m);
        }
        if (chosen.sweep)
            for (int threads : kSinglePassCompactThreadChoices)
                for (int items : kSinglePassCompactItemChoices)
                    for (bool staged : {true, false}) {
                        GpuCompactMethod m{GpuCompactKind::single_pass, split, threads};
                        m.items = items;
                        m.staged = staged;
                        if (threads != kSinglePassCompactThreads || items != kSinglePassCompactItems ||
                            staged != kSinglePassCompactStaged)
                            row(method, single_pass_setup(m), split, m);
                    }
    };
    row("copy", "cudaMemcpy device to device", true, {GpuCompactKind::copy});
    for (int threads : {256, 512, 1024})
        row("compact", "two-pass, " + std::to_string(threads) + " threads", false, {GpuCompactKind::own, false, threads});
    single_pass_rows(false);
    row("cub-select", "DeviceSelect::If", false, {GpuCompactKind::cub_select});
    row("thrust-copy-if", "thrust::copy_if", false, {GpuCompactKind::thrust_copy_if});
    for (int threads : {256, 512, 1024})
        row("split", "two-pass, " + std::to_string(threads) + " threads", true, {GpuCompactKind::own, true, threads});
    single_pass_rows(true);
    row("cub-partition", "DevicePartition::If", true, {GpuCompactKind::cub_partition});
    row("thrust-stable-partition", "thrust::stable_partition", true,
        {GpuCompactKind::thrust_stable_partition});

    const auto copy_if = [&input] {
        TableAnswer answer;
        answer.output.reserve(input.size());
        std::copy_if(input.begin(), input.end(), std::back_inserter(answer.output), kept);
        answer.value = answer.output.size();
        return answer;
    };
    const auto stable_partition = [&input] {
        TableAnswer answer{std::nullopt, input};
        const auto end = std::stable_partition(answer.output.begin(), answer.output.end(), kept);
        answer.value = std::uint64_t(end - answer.output.begin());
        return answer;
    };
    if (!chosen.cpu)
        return plan;
    plan.rows.push_back(cpu_row("cpu-copy-if", "std::copy_if, one core", compact_bytes, copy_if,
                                [&answers](const TableAnswer& a) { return answers.right(a, false); }));
    plan.rows.push_back(cpu_row("cpu-stable-partition", "std::stable_partition, one core", split_bytes,
                                stable_partition,
                                [&answers](const TableAnswer& a) { return answers.right(a, true); }));
    return plan;
}

// The slide's rows: all but the single-pass sweep's (--sweep), which follow each single-pass form's three
// element types; the CSV keeps them.
std::vector<std::size_t> compact_table_figure_rows(const TimedTable& table) {
    std::vector<std::size_t> rows;
    int compact = 0, split = 0;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const std::string& method = table.rows[r].method;
        int* seen = method == "compact-1pass" ? &compact : method == "split-1pass" ? &split : nullptr;
        if (seen == nullptr || (*seen)++ < 3)
            rows.push_back(r);
    }
    return rows;
}

std::string text_heading(const TimedTable& table) {
    return "N = " + std::to_string(table.n) + ", " + std::to_string(table.parameters[kKeptPercent]) +
           "% kept (" + std::to_string(table.parameters[kKeptCount]) + " elements), uint32, on " +
           table.device;
}

} // namespace

const TimedTableKind& compact_table_kind() {
    static const TimedTableKind kind = [] {
        TimedTableKind kind;
        kind.name = "compaction";
        kind.data = "uint32";
        kind.max_n = kMaxCompactN;
        kind.parameters = {{"percent", 100, "% kept"}, {"kept", kMaxCompactN, ""}};
        kind.columns = {{"of_cub", "x CUB", "× CUB", 9, false, 3}, {"of_copy", "of copy", "% of copy", 9, true, 2}};
        kind.method_width = 24;
        kind.setup_width = 32;
        kind.wrong = "WRONG OUTPUT";
        kind.cub_method = "cub-select";
        kind.ours = ours;
        kind.text_heading = text_heading;
        kind.figure_rows = compact_table_figure_rows;
        return kind;
    }();
    return kind;
}

std::vector<std::uint32_t> compact_bench_input(std::uint64_t n, int percent, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<std::uint32_t> input(static_cast<std::size_t>(n));
    for (std::uint32_t& x : input) {
        const std::uint64_t r = random();
        const bool odd = static_cast<int>(r % 100) < percent;
        x = (static_cast<std::uint32_t>(r >> 32) & ~1u) | (odd ? 1u : 0u);
    }
    return input;
}

TimedTable run_compact_table(std::uint64_t n, int percent, const TimedTableOptions& options,
                             const RowProgress& progress, const Cancelled& cancelled,
                             const CompactTableRows& rows) {
    if (n == 0 || n > kMaxCompactN)
        throw std::invalid_argument("N = " + std::to_string(n) +
                                    ": a compaction table takes N from 1 to 2^30");
    if (percent < 0 || percent > 100)
        throw std::invalid_argument("the share kept is a percentage from 0 to 100, not " +
                                    std::to_string(percent));
    if (options.repetitions < 1 || options.warmup < 0)
        throw std::invalid_argument("a compaction table needs at least one timed repetition");
    const std::vector<std::uint32_t> input = compact_bench_input(n, percent, options.seed);
    const CompactAnswers answers(input);
    TimedTable table;
    table.n = n;
    table.parameters = {std::uint64_t(percent), answers.compacted.size()};
    time_table_rows(table, input, compact_table_plan(input, answers, rows), options, progress, cancelled);
    // a compaction against CUB's select, a split against CUB's partition; every row against the copy
    double cub_select = 0, cub_partition = 0, copy = 0;
    for (const TimedRow& row : table.rows) {
        if (row.method == compact_table_kind().cub_method)
            cub_select = row.median_ms;
        else if (row.method == "cub-partition")
            cub_partition = row.median_ms;
        else if (row.method == "copy")
            copy = row.median_ms;
    }
    for (TimedRow& row : table.rows) {
        const double cub = is_split(row.method) ? cub_partition : cub_select;
        row.values = {cub > 0 ? row.median_ms / cub : 0.0,
                      copy > 0 && row.median_ms > 0 ? copy / row.median_ms : 0.0};
    }
    find_best_rows(compact_table_kind(), table);
    return table;
}

std::size_t compact_table_rows_planned(const TimedTableOptions& options) {
    const std::vector<std::uint32_t> none;
    return timed_rows_planned(compact_table_plan(none, CompactAnswers(none), CompactTableRows{}), options);
}

std::string compact_table_text(const TimedTable& table) {
    return timed_table_text(compact_table_kind(), table);
}

void write_compact_table_csv(std::ostream& out, const std::vector<TimedTable>& tables) {
    write_timed_table_csv(out, compact_table_kind(), tables);
}

} // namespace prefixlab
