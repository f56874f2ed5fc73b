// Stream compaction as a timed table: the compaction kind, its plan of rows, and its ratio to CUB.
#include "core/bench/compact_table.hpp"

#include "core/bench/timed_table_csv.hpp"
#include "kernels/bench/gpu_compact_table.hpp"
#include "kernels/common/compaction_predicate.hpp"

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
    return method == "compact" || method == "split";
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

// The rows, in the order the table shows them: the copy, our compaction at three block sizes, CUB,
// Thrust's copy_if, our split at three block sizes, Thrust's stable_partition, then the CPU's two.
TimedTablePlan compact_table_plan(const std::vector<std::uint32_t>& input, const CompactAnswers& answers) {
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
    row("copy", "cudaMemcpy device to device", true, {GpuCompactKind::copy});
    for (int threads : {256, 512, 1024})
        row("compact", std::to_string(threads) + " threads", false, {GpuCompactKind::own, false, threads});
    row("cub-select", "DeviceSelect::If", false, {GpuCompactKind::cub_select});
    row("thrust-copy-if", "thrust::copy_if", false, {GpuCompactKind::thrust_copy_if});
    for (int threads : {256, 512, 1024})
        row("split", std::to_string(threads) + " threads", true, {GpuCompactKind::own, true, threads});
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
    plan.rows.push_back(cpu_row("cpu-copy-if", "std::copy_if, one core", compact_bytes, copy_if,
                                [&answers](const TableAnswer& a) { return answers.right(a, false); }));
    plan.rows.push_back(cpu_row("cpu-stable-partition", "std::stable_partition, one core", split_bytes,
                                stable_partition,
                                [&answers](const TableAnswer& a) { return answers.right(a, true); }));
    return plan;
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
        kind.parameters = {{"percent", 100}, {"kept", kMaxCompactN}};
        kind.columns = {{"of_cub", "x CUB", "× CUB", 9, false, 3}};
        kind.dated = false; // its CSV's columns predate the timed tables' driver and date
        kind.method_width = 24;
        kind.setup_width = 32;
        kind.wrong = "WRONG OUTPUT";
        kind.cub_method = "cub-select";
        kind.ours = ours;
        kind.text_heading = text_heading;
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
                             const RowProgress& progress, const Cancelled& cancelled) {
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
    time_table_rows(table, input, compact_table_plan(input, answers), options, progress, cancelled);
    double cub = 0;
    for (const TimedRow& row : table.rows)
        if (row.method == compact_table_kind().cub_method)
            cub = row.median_ms;
    for (TimedRow& row : table.rows)
        row.values = {cub > 0 ? row.median_ms / cub : 0.0};
    find_best_rows(compact_table_kind(), table);
    return table;
}

std::string compact_table_text(const TimedTable& table) {
    return timed_table_text(compact_table_kind(), table);
}

void write_compact_table_csv(std::ostream& out, const std::vector<TimedTable>& tables) {
    write_timed_table_csv(out, compact_table_kind(), tables);
}

} // namespace prefixlab
