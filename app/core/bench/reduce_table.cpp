#include "core/bench/reduce_table.hpp"

#include "core/bench/bench_environment.hpp"
#include "core/bench/cold_cpu_arrays.hpp"
#include "core/bench/cpu_reductions.hpp"
#include "core/bench/sample_stats.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/scan_names.hpp"
#include "kernels/bench/gpu_bench.hpp" // gpu_driver_version
#include "kernels/bench/gpu_reduce_bench.hpp"
#include "kernels/gpu/gpu_block_scan.hpp" // gpu_status

#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <ostream>
#include <sstream>
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

double median_of(const std::vector<double>& ms) { return ms.empty() ? 0.0 : sample_stats(ms).median; }

std::string threads_text(int threads) { return std::to_string(threads) + " threads"; }

class ReduceTableBuilder {
public:
    ReduceTableBuilder(std::uint64_t n, const ReduceTableOptions& options, const std::function<void(const std::string&)>& progress,
                 const std::function<bool()>& cancelled)
        : n_(n), options_(options), progress_(progress), cancelled_(cancelled),
          input_(generate_input(InputKind::random, ElementType::uint32, ScanOperator::add, static_cast<int>(n),
                                options.seed)),
          expected_(cpu_loop_reduce(input_.data(), input_.size())) {
        table_.n = n;
    }

    ReduceTable build() {
        table_.date = iso8601_utc(std::chrono::system_clock::now());
        if (options_.gpu && gpu_status().available) {
            table_.device = gpu_status().name;
            table_.driver = gpu_driver_version();
            gpu_rows();
        } else {
            table_.device = options_.gpu ? "no GPU (" + gpu_status().reason + ")" : "CPU only";
        }
        cpu_rows();
        fill_ratios();
        return table_;
    }

private:
    bool stop() const { return cancelled_ && cancelled_(); }
    void announce(const std::string& what) const {
        if (progress_)
            progress_(what);
    }

    void add(const std::string& method, const std::string& setup, const std::vector<double>& ms, bool checked,
             std::uint32_t total) {
        ReduceTableRow row;
        row.method = method;
        row.setup = setup;
        row.median_ms = median_of(ms);
        row.gb_per_s = row.median_ms > 0 ? double(n_) * 4.0 / (row.median_ms * 1e6) : 0.0;
        row.checked = checked;
        row.correct = !checked || total == expected_;
        table_.rows.push_back(row);
    }

    void time_gpu(GpuReduceSession& session, const GpuReduceMethod& method, const std::string& name,
                  const std::string& setup) {
        if (stop())
            return;
        announce(name + (setup.empty() ? "" : " (" + setup + ")"));
        const GpuReduceSamples samples = session.time(method, options_.warmup, options_.repetitions, cancelled_);
        add(name, setup, samples.ms, samples.checked, samples.total);
    }

    void gpu_rows() {
        GpuReduceSession session(input_.data(), input_.size());
        time_gpu(session, {GpuReduceKind::read_only}, "read-only", "16-byte loads");
        const std::vector<BlockAlgorithm> kernels = block_reductions();
        for (BlockAlgorithm kernel : kernels)
            time_gpu(session, {GpuReduceKind::block_kernel, kernel, ReduceFinish::recursive, options_.threads},
                     std::string(name_of(kernel)), "recursive, " + threads_text(options_.threads));
        // The finishes and block sizes of the kernels that read several elements a thread (Harris's
        // kernel 7 and the shuffle reductions): the fastest of them is "ours at its best".
        for (std::size_t k = kHarrisKernels - 1; k < kernels.size(); ++k)
            for (ReduceFinish finish : all_reduce_finishes())
                for (int threads : {128, 256, 512, 1024})
                    if (finish != ReduceFinish::recursive || threads != options_.threads)
                        time_gpu(session, {GpuReduceKind::block_kernel, kernels[k], finish, threads},
                                 std::string(name_of(kernels[k])),
                                 std::string(name_of(finish)) + ", " + threads_text(threads));
        time_gpu(session, {GpuReduceKind::cub}, "cub", "DeviceReduce::Sum");
        time_gpu(session, {GpuReduceKind::thrust}, "thrust", "thrust::reduce");
    }

    template <class Reduce>
    void time_cpu(const std::string& name, const std::string& setup, Reduce reduce) {
        if (stop())
            return;
        announce(name);
        CacheEvictor evictor(last_level_cache_bytes());
        std::vector<double> ms;
        std::uint32_t total = 0;
        // The CPU's repetitions are fewer above 2^24 (a loop over 2^30 takes about a third of a second).
        const int reps = n_ > (std::uint64_t(1) << 24) ? std::min(options_.repetitions, 5) : options_.repetitions;
        for (int r = 0; r < options_.warmup + reps && !stop(); ++r) {
            evictor.evict();
            const auto start = std::chrono::steady_clock::now();
            total = reduce(input_.data(), input_.size());
            const auto end = std::chrono::steady_clock::now();
            if (r >= options_.warmup)
                ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        }
        if (!ms.empty())
            add(name, setup, ms, true, total);
    }

    void cpu_rows() {
        time_cpu("cpu-loop", "one core", cpu_loop_reduce);
        time_cpu("cpu-std-reduce", "std::reduce", cpu_std_reduce);
        const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        // below kThreadedReduceSerialBelow the threaded sum runs on one thread: the row says so
        time_cpu("cpu-threads", n_ < kThreadedReduceSerialBelow ? "1 thread below 2^20" : threads_text(cores),
                 [cores](const std::uint32_t* in, std::size_t n) { return cpu_threaded_reduce(in, n, cores); });
    }

    void fill_ratios() {
        double read_only = 0;
        for (const ReduceTableRow& row : table_.rows)
            if (row.method == "read-only")
                read_only = row.median_ms;
        for (ReduceTableRow& row : table_.rows)
            if (read_only > 0 && row.median_ms > 0)
                row.of_read_speed = read_only / row.median_ms;
        find_best_rows(table_);
        if (harris_kernel_of_row(table_, 1) != 1)
            return;
        const double first = table_.rows[1].median_ms;
        for (std::size_t k = 1; k < kHarrisKernels; ++k) {
            ReduceTableRow& row = table_.rows[1 + k];
            if (row.median_ms <= 0)
                continue;
            row.step_speedup = table_.rows[k].median_ms / row.median_ms;
            row.cumulative = first / row.median_ms;
        }
    }

    std::uint64_t n_;
    ReduceTableOptions options_;
    const std::function<void(const std::string&)>& progress_;
    const std::function<bool()>& cancelled_;
    std::vector<std::uint32_t> input_;
    std::uint32_t expected_;
    ReduceTable table_;
};

} // namespace

std::size_t reduce_table_rows_planned(const ReduceTableOptions& options) {
    constexpr std::size_t kCpuRows = 3; // cpu_rows()
    if (!options.gpu || !gpu_status().available)
        return kCpuRows;
    // gpu_rows(): the read-only pass; every reduction at the table's block size; kernel 7 and the
    // shuffle reductions at the other finishes and block sizes (4 sizes × 3 finishes, less the one
    // timed already); CUB and Thrust
    const std::size_t kernels = block_reductions().size();
    const bool swept_already = options.threads >= 128 && options.threads <= 1024; // powers of two
    const std::size_t finish_rows = 4 * all_reduce_finishes().size() - (swept_already ? 1 : 0);
    return 1 + kernels + (kernels - (kHarrisKernels - 1)) * finish_rows + 2 + kCpuRows;
}

int harris_kernel_of_row(const ReduceTable& table, std::size_t row) {
    const bool all_there = table.rows.size() >= 1 + kHarrisKernels && table.rows[0].method == "read-only";
    return all_there && row >= 1 && row <= kHarrisKernels ? static_cast<int>(row) : 0;
}

void find_best_rows(ReduceTable& table) {
    table.best_own = table.cub = -1;
    // ours at our best: the fastest correct row of a block reduction, against CUB
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const ReduceTableRow& row = table.rows[r];
        if (row.method == "cub")
            table.cub = static_cast<int>(r);
        const bool ours = parse_block_algorithm(row.method).has_value();
        if (ours && row.correct && row.median_ms > 0 &&
            (table.best_own < 0 || row.median_ms < table.rows[std::size_t(table.best_own)].median_ms))
            table.best_own = static_cast<int>(r);
    }
}

ReduceTable run_reduce_table(std::uint64_t n, const ReduceTableOptions& options,
                             const std::function<void(const std::string&)>& progress,
                             const std::function<bool()>& cancelled) {
    if (n == 0 || n > std::uint64_t(std::numeric_limits<int>::max()))
        throw std::invalid_argument("N = " + std::to_string(n) + ": a reduction table takes N from 1 to 2^31 - 1");
    if (options.repetitions < 1 || options.warmup < 0)
        throw std::invalid_argument("a reduction table needs at least one timed repetition");
    return ReduceTableBuilder(n, options, progress, cancelled).build();
}

std::string reduce_table_text(const ReduceTable& table) {
    std::ostringstream text;
    char line[256];
    text << "N = " << table.n << " (" << table.n * 4 / 1024 << " KiB), uint32 +, on " << table.device << "\n";
    std::snprintf(line, sizeof line, "%-26s %-22s %11s %9s %9s %6s %10s\n", "method", "setup", "time (ms)", "GB/s",
                  "of read", "step", "cumulative");
    text << line;
    for (const ReduceTableRow& row : table.rows) {
        const std::string of_read = row.of_read_speed > 0 ? std::to_string(int(std::lround(row.of_read_speed * 100))) + "%" : "";
        char step[16] = "", cumulative[16] = "";
        if (row.step_speedup > 0) {
            std::snprintf(step, sizeof step, "%.2fx", row.step_speedup);
            std::snprintf(cumulative, sizeof cumulative, "%.2fx", row.cumulative);
        }
        std::snprintf(line, sizeof line, "%-26s %-22s %11.4f %9.1f %9s %6s %10s%s\n", row.method.c_str(),
                      row.setup.c_str(), row.median_ms, row.gb_per_s, of_read.c_str(), step, cumulative,
                      row.correct ? "" : "  WRONG TOTAL");
        text << line;
    }
    if (table.best_own >= 0 && table.cub >= 0) {
        const ReduceTableRow& best = table.rows[std::size_t(table.best_own)];
        const ReduceTableRow& cub = table.rows[std::size_t(table.cub)];
        std::snprintf(line, sizeof line, "ours at our best: %s (%s) %.4f ms, %.3fx CUB's time (%.4f ms)\n",
                      best.method.c_str(), best.setup.c_str(), best.median_ms, best.median_ms / cub.median_ms,
                      cub.median_ms);
        text << line;
    }
    return text.str();
}

} // namespace prefixlab
