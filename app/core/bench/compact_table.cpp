#include "core/bench/compact_table.hpp"

#include "core/bench/cold_cpu_arrays.hpp"
#include "core/bench/sample_stats.hpp"
#include "kernels/bench/gpu_compact_bench.hpp"
#include "kernels/common/compaction_predicate.hpp"
#include "kernels/gpu/gpu_block_scan.hpp" // gpu_status

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace prefixlab {

namespace {

constexpr std::uint64_t kMaxCompactN = std::uint64_t(1) << 30;

bool kept(std::uint32_t x) { return kept_element(x); }

class CompactTableBuilder {
public:
    CompactTableBuilder(std::uint64_t n, int percent, const CompactTableOptions& options,
                 const std::function<void(const std::string&)>& progress, const std::function<bool()>& cancelled)
        : options_(options), progress_(progress), cancelled_(cancelled),
          input_(compact_bench_input(n, percent, options.seed)) {
        table_.n = n;
        table_.percent = percent;
        // the answers, from the standard library
        std::copy_if(input_.begin(), input_.end(), std::back_inserter(compacted_), kept);
        table_.kept = compacted_.size();
        split_ = input_;
        std::stable_partition(split_.begin(), split_.end(), kept);
    }

    CompactTable build() {
        if (options_.gpu && gpu_status().available) {
            table_.device = gpu_status().name;
            gpu_rows();
        } else {
            table_.device = options_.gpu ? "no GPU (" + gpu_status().reason + ")" : "CPU only";
        }
        cpu_rows();
        double cub = 0;
        for (const CompactTableRow& row : table_.rows)
            if (row.method == "cub-select")
                cub = row.median_ms;
        for (CompactTableRow& row : table_.rows)
            if (cub > 0)
                row.of_cub = row.median_ms / cub;
        return table_;
    }

private:
    bool stop() const { return cancelled_ && cancelled_(); }

    void add(const std::string& method, const std::string& setup, bool split, const std::vector<double>& ms,
             bool checked, bool correct) {
        if (ms.empty())
            return;
        CompactTableRow row;
        row.method = method;
        row.setup = setup;
        row.split = split;
        row.median_ms = sample_stats(ms).median;
        const double bytes = 4.0 * double(input_.size()) + 4.0 * double(split ? input_.size() : table_.kept);
        row.gb_per_s = row.median_ms > 0 ? bytes / (row.median_ms * 1e6) : 0.0;
        row.checked = checked;
        row.correct = correct;
        table_.rows.push_back(row);
    }

    // A compaction's first `kept` words and its count; a split's every word.
    bool right(const GpuCompactSamples& s, bool split) const {
        if (split)
            return s.kept == table_.kept && s.output == split_;
        return s.kept == table_.kept && s.output.size() >= compacted_.size() &&
               std::equal(compacted_.begin(), compacted_.end(), s.output.begin());
    }

    void time_gpu(GpuCompactSession& session, const GpuCompactMethod& method, const std::string& name,
                  const std::string& setup, bool split) {
        if (stop())
            return;
        if (progress_)
            progress_(name + (setup.empty() ? "" : " (" + setup + ")"));
        const GpuCompactSamples samples = session.time(method, options_.warmup, options_.repetitions, cancelled_);
        add(name, setup, split, samples.ms, samples.checked, !samples.checked || right(samples, split));
    }

    void gpu_rows() {
        GpuCompactSession session(input_.data(), input_.size());
        time_gpu(session, {GpuCompactKind::copy}, "copy", "cudaMemcpy device to device", true);
        for (int threads : {256, 512, 1024})
            time_gpu(session, {GpuCompactKind::own, false, threads}, "compact", std::to_string(threads) + " threads", false);
        time_gpu(session, {GpuCompactKind::cub_select}, "cub-select", "DeviceSelect::If", false);
        time_gpu(session, {GpuCompactKind::thrust_copy_if}, "thrust-copy-if", "thrust::copy_if", false);
        for (int threads : {256, 512, 1024})
            time_gpu(session, {GpuCompactKind::own, true, threads}, "split", std::to_string(threads) + " threads", true);
        time_gpu(session, {GpuCompactKind::thrust_stable_partition}, "thrust-stable-partition",
                 "thrust::stable_partition", true);
    }

    template <class Work>
    void time_cpu(const std::string& name, const std::string& setup, bool split, Work work) {
        if (stop())
            return;
        if (progress_)
            progress_(name);
        CacheEvictor evictor(last_level_cache_bytes());
        std::vector<double> ms;
        std::vector<std::uint32_t> out;
        const int reps = input_.size() > (std::size_t(1) << 24) ? std::min(options_.repetitions, 3) : options_.repetitions;
        for (int r = 0; r < options_.warmup + reps && !stop(); ++r) {
            evictor.evict();
            const auto start = std::chrono::steady_clock::now();
            out = work();
            const auto end = std::chrono::steady_clock::now();
            if (r >= options_.warmup)
                ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        }
        add(name, setup, split, ms, true, out == (split ? split_ : compacted_));
    }

    void cpu_rows() {
        time_cpu("cpu-copy-if", "std::copy_if, one core", false, [&] {
            std::vector<std::uint32_t> out;
            out.reserve(input_.size());
            std::copy_if(input_.begin(), input_.end(), std::back_inserter(out), kept);
            return out;
        });
        time_cpu("cpu-stable-partition", "std::stable_partition, one core", true, [&] {
            std::vector<std::uint32_t> out = input_;
            std::stable_partition(out.begin(), out.end(), kept);
            return out;
        });
    }

    CompactTableOptions options_;
    const std::function<void(const std::string&)>& progress_;
    const std::function<bool()>& cancelled_;
    std::vector<std::uint32_t> input_, compacted_, split_;
    CompactTable table_;
};

} // namespace

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

CompactTable run_compact_table(std::uint64_t n, int percent, const CompactTableOptions& options,
                               const std::function<void(const std::string&)>& progress,
                               const std::function<bool()>& cancelled) {
    if (n == 0 || n > kMaxCompactN)
        throw std::invalid_argument("N = " + std::to_string(n) + ": a compaction table takes N from 1 to 2^30");
    if (percent < 0 || percent > 100)
        throw std::invalid_argument("the share kept is a percentage from 0 to 100, not " + std::to_string(percent));
    if (options.repetitions < 1 || options.warmup < 0)
        throw std::invalid_argument("a compaction table needs at least one timed repetition");
    return CompactTableBuilder(n, percent, options, progress, cancelled).build();
}

std::string compact_table_text(const CompactTable& table) {
    std::ostringstream text;
    char line[256];
    text << "N = " << table.n << ", " << table.percent << "% kept (" << table.kept << " elements), uint32, on "
         << table.device << "\n";
    std::snprintf(line, sizeof line, "%-24s %-32s %11s %9s %9s\n", "method", "setup", "time (ms)", "GB/s", "x CUB");
    text << line;
    for (const CompactTableRow& row : table.rows) {
        char of_cub[16] = "";
        if (row.of_cub > 0)
            std::snprintf(of_cub, sizeof of_cub, "%.3fx", row.of_cub);
        std::snprintf(line, sizeof line, "%-24s %-32s %11.4f %9.1f %9s%s\n", row.method.c_str(), row.setup.c_str(),
                      row.median_ms, row.gb_per_s, of_cub, row.correct ? "" : "  WRONG OUTPUT");
        text << line;
    }
    return text.str();
}

void write_compact_table_csv(std::ostream& out, const std::vector<CompactTable>& tables) {
    out << "n,percent,kept,method,setup,median_ms,gb_per_s,of_cub,correct,device\n";
    for (const CompactTable& table : tables)
        for (const CompactTableRow& row : table.rows) {
            char numbers[96];
            std::snprintf(numbers, sizeof numbers, "%.9g,%.9g,%.4g", row.median_ms, row.gb_per_s, row.of_cub);
            out << table.n << ',' << table.percent << ',' << table.kept << ',' << row.method << ",\"" << row.setup
                << "\"," << numbers << ',' << (row.correct ? "yes" : "no") << ",\"" << table.device << "\"\n";
        }
}

} // namespace prefixlab
