#include "core/bench/timed_table_run.hpp"

#include "core/bench/bench_environment.hpp"
#include "core/bench/cold_cpu_arrays.hpp"
#include "core/bench/sample_stats.hpp"
#include "kernels/bench/gpu_bench.hpp"    // gpu_driver_version
#include "kernels/gpu/gpu_block_scan.hpp" // gpu_status

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace prefixlab {

namespace {

// Above this the CPU's repetitions are fewer (TimedTablePlan::large_cpu_repetitions): a loop over 2^30
// elements takes about a third of a second, a stable partition of them several.
constexpr std::size_t kLargeCpuN = std::size_t(1) << 24;

class RowTimer {
public:
    RowTimer(TimedTable& table, const std::vector<std::uint32_t>& input, const TimedTablePlan& plan,
             const TimedTableOptions& options, const RowProgress& progress, const Cancelled& cancelled)
        : table_(table), input_(input), plan_(plan), options_(options), progress_(progress),
          cancelled_(cancelled) {}

    void run() {
        table_.date = iso8601_utc(std::chrono::system_clock::now());
        const bool gpu = timed_table_uses_gpu(options_);
        if (gpu) {
            table_.device = gpu_status().name;
            table_.driver = gpu_driver_version();
        } else {
            table_.device = options_.gpu ? "no GPU (" + gpu_status().reason + ")" : "CPU only";
        }
        for (const TimedRowPlan& row : plan_.rows) {
            if (stop())
                return;
            if (row.gpu && gpu)
                time_gpu(row);
            else if (!row.gpu)
                time_cpu(row);
        }
    }

private:
    bool stop() const { return cancelled_ && cancelled_(); }

    void announce(const TimedRowPlan& row) const {
        if (progress_)
            progress_(row.method + (row.setup.empty() ? "" : " (" + row.setup + ")"));
    }

    // A row with no timed repetition (cancelled in its first) measured nothing: it is left out.
    void add(const TimedRowPlan& plan, const std::vector<double>& ms, bool checked, bool correct) {
        if (ms.empty())
            return;
        TimedRow row;
        row.method = plan.method;
        row.setup = plan.setup;
        row.median_ms = sample_stats(ms).median;
        row.gb_per_s = row.median_ms > 0 ? plan.bytes / (row.median_ms * 1e6) : 0.0;
        row.checked = checked;
        row.correct = correct;
        table_.rows.push_back(row);
    }

    void time_gpu(const TimedRowPlan& row) {
        if (!session_) // made at the first GPU row: a table of CPU rows only needs no GPU memory
            session_ = std::make_unique<GpuTableSession>(input_.data(), input_.size(), plan_.buffers);
        announce(row);
        const std::unique_ptr<GpuTableRunner> runner = row.gpu(input_.size());
        GpuTableSamples samples = session_->time(*runner, options_.warmup, options_.repetitions, cancelled_);
        const bool correct = !samples.checked ||
                             (row.right && row.right(TableAnswer{samples.answer, std::move(samples.output)}));
        add(row, samples.ms, samples.checked, correct);
    }

    void time_cpu(const TimedRowPlan& row) {
        announce(row);
        CacheEvictor evictor(last_level_cache_bytes());
        std::vector<double> ms;
        TableAnswer answer;
        const int reps = input_.size() > kLargeCpuN
                             ? std::min(options_.repetitions, plan_.large_cpu_repetitions)
                             : options_.repetitions;
        for (int r = 0; r < options_.warmup + reps && !stop(); ++r) {
            evictor.evict();
            const auto start = std::chrono::steady_clock::now();
            answer = row.cpu();
            const auto end = std::chrono::steady_clock::now();
            if (r >= options_.warmup)
                ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        }
        add(row, ms, true, !row.right || row.right(answer));
    }

    TimedTable& table_;
    const std::vector<std::uint32_t>& input_;
    const TimedTablePlan& plan_;
    const TimedTableOptions& options_;
    const RowProgress& progress_;
    const Cancelled& cancelled_;
    std::unique_ptr<GpuTableSession> session_;
};

} // namespace

TimedRowPlan gpu_row(std::string method, std::string setup, double bytes, GpuRunnerMaker make,
                     AnswerCheck right) {
    return TimedRowPlan{std::move(method), std::move(setup), bytes, std::move(make), {}, std::move(right)};
}

TimedRowPlan cpu_row(std::string method, std::string setup, double bytes, CpuRun run, AnswerCheck right) {
    return TimedRowPlan{std::move(method), std::move(setup), bytes, {}, std::move(run), std::move(right)};
}

bool timed_table_uses_gpu(const TimedTableOptions& options) {
    return options.gpu && gpu_status().available;
}

std::size_t timed_rows_planned(const TimedTablePlan& plan, const TimedTableOptions& options) {
    const bool gpu = timed_table_uses_gpu(options);
    return static_cast<std::size_t>(std::count_if(
        plan.rows.begin(), plan.rows.end(), [gpu](const TimedRowPlan& row) { return gpu || !row.gpu; }));
}

void time_table_rows(TimedTable& table, const std::vector<std::uint32_t>& input, const TimedTablePlan& plan,
                     const TimedTableOptions& options, const RowProgress& progress,
                     const Cancelled& cancelled) {
    if (options.repetitions < 1 || options.warmup < 0)
        throw std::invalid_argument("a timed table needs at least one timed repetition");
    RowTimer(table, input, plan, options, progress, cancelled).run();
}

} // namespace prefixlab
