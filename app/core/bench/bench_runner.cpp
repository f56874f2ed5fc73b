#include "core/bench/bench_runner.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_environment.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/cold_cpu_arrays.hpp"
#include "core/bench/cpu_scans.hpp"
#include "core/ground/format_value.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/reference_scan.hpp"
#include "kernels/bench/gpu_tuned_scan.hpp" // kTunedScanItems
#include "kernels/common/gpu_block_too_large.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <new>
#include <numeric>
#include <thread>

namespace prefixlab {

namespace {

using Clock = std::chrono::steady_clock;

// One point to measure: an algorithm at a block size (0: none) for one N, and for the tuned scans the
// elements per thread (0: the tuned tile).
struct Job {
    const BenchAlgorithm* algorithm;
    int threads;
    int items = 0;
};

std::string gib(double bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", bytes / double(1u << 30));
    return text;
}

// "cub, N = 2^20"; in a sweep that names its scans, "cub float-add, N = 2^20".
std::string point_name(const Job& job, std::uint64_t n, const std::string& scan_label) {
    std::string name = job.algorithm->name + (scan_label.empty() ? "" : " " + scan_label) + ", N = " + format_size(n);
    if (job.threads > 0)
        name += ", block " + std::to_string(job.threads);
    if (job.items > 0)
        name += ", " + std::to_string(job.items) + " elements a thread";
    return name;
}

// Random elements from splitmix64 of the seed: for the integer types, random 32-bit words, so sums
// wrap around as real data's would; for float, values in [0, 1) with 24 random bits (exact in float, no
// NaN or infinity, whose sums grow like real data's). Element i depends on i alone, so the cores fill
// chunks of a large input side by side.
std::vector<std::uint32_t> bench_input(std::uint64_t n, std::uint64_t seed, ElementType type) {
    std::vector<std::uint32_t> input(n);
    const bool floats = type == ElementType::float32;
    const auto fill = [&](std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t i = begin; i < end; ++i) {
            std::uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ull;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            const std::uint64_t random = z ^ (z >> 31);
            input[i] = floats ? to_bits(static_cast<float>(random >> 40) * 0x1p-24f)
                              : static_cast<std::uint32_t>(random >> 16);
        }
    };
    const std::uint64_t threads = n < (1u << 20) ? 1 : std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> workers;
    for (std::uint64_t t = 1; t < threads; ++t)
        workers.emplace_back(fill, n * t / threads, n * (t + 1) / threads);
    fill(0, n / threads);
    for (std::thread& worker : workers)
        worker.join();
    return input;
}

// /proc/meminfo's MemAvailable; 0 when unknown (no check then).
std::size_t host_memory_available() {
    std::ifstream file("/proc/meminfo");
    std::string key;
    std::size_t kib = 0;
    while (file >> key >> kib) {
        if (key == "MemAvailable:")
            return kib * 1024;
        file.ignore(256, '\n');
    }
    return 0;
}

// Expected seconds a job takes: warm-up and repetitions of a scan, at rough per-element costs.
// Only the proportions matter: they weight the progress bar; the ETA is calibrated by the clock.
double expected_seconds(const Job& job, std::uint64_t n, int runs) {
    const double elements = double(n);
    if (job.algorithm->target == BenchTarget::cpu) {
        const double per_element = job.algorithm->cpu == CpuScanKind::parallel ? 0.3e-9 : 1e-9;
        // + verification, + setting up and evicting the rotating copies (ColdCpuArrays)
        return runs * (5e-6 + elements * per_element) + elements * 1e-9 + 2 * double(last_level_cache_bytes()) * 1e-10;
    }
    return runs * (60e-6 + elements * 12e-12) + 2e-3;
}

double setup_seconds(std::uint64_t n, bool any_gpu) {
    return double(n) * (4e-9 + (any_gpu ? 2e-9 : 0)); // input, reference, upload and transfer timings
}

// Where a scan's output is not the scan: how many elements, the first, and what was expected there.
struct OutputMismatch {
    std::size_t count = 0;
    std::size_t first = 0;
    std::string expected, actual;
};

bool rounds(const BenchScan& scan) { return scan.type == ElementType::float32 && scan.op == ScanOperator::add; }

std::string value_text(const BenchScan& scan, std::uint32_t bits) { return format_value(scan.type, bits, false); }

// Float sums, against the exact (double) sum within output_check.hpp's rounding bound, in one pass
// with no array of exact values (N may be 2^30). The bound gamma_N exists for N < 2^24 only; above it
// an output is checked to be finite (docs/benchmarks.md, "Verification").
OutputMismatch check_float_sums(const BenchScan& scan, const std::uint32_t* input, const std::uint32_t* output,
                                std::size_t n) {
    OutputMismatch mismatch;
    const bool bounded = float_sum_bound_exists(n);
    const double factor = bounded ? float_sum_error_factor(n) : 0;
    double exact = 0, magnitude = 0; // the exact sum and sum of |x| of the elements output i combines
    for (std::size_t i = 0; i < n; ++i) {
        const double x = from_bits<float>(input[i]);
        if (!scan.exclusive) {
            exact += x;
            magnitude += std::fabs(x);
        }
        const double value = from_bits<float>(output[i]);
        const bool good = bounded ? float_sum_within_bound(value, exact, factor, magnitude) : std::isfinite(value);
        if (!good && mismatch.count++ == 0) {
            char text[64];
            std::snprintf(text, sizeof text, "%.9g (within %.3g)", exact, factor * magnitude);
            mismatch.first = i;
            mismatch.expected = bounded ? text : "a finite number";
            mismatch.actual = value_text(scan, output[i]);
        }
        if (scan.exclusive) {
            exact += x;
            magnitude += std::fabs(x);
        }
    }
    return mismatch;
}

// A scan's output against the CPU reference: bit for bit (integers, and max/min, which only select),
// or float sums within the rounding bound.
OutputMismatch check_scan_output(const BenchScan& scan, const std::uint32_t* input, const std::uint32_t* reference,
                                 const std::uint32_t* output, std::size_t n) {
    if (rounds(scan))
        return check_float_sums(scan, input, output, n);
    OutputMismatch mismatch;
    for (std::size_t i = 0; i < n; ++i)
        if (output[i] != reference[i] && mismatch.count++ == 0) {
            mismatch.first = i;
            mismatch.expected = value_text(scan, reference[i]);
            mismatch.actual = value_text(scan, output[i]);
        }
    return mismatch;
}

class SweepProgress {
public:
    SweepProgress(BenchObserver& observer, double total) : observer_(observer), total_(total) {}
    void report(double done, const std::string& activity) {
        BenchProgress progress;
        progress.fraction = total_ > 0 ? std::min(1.0, done / total_) : 1.0;
        progress.elapsed_s = std::chrono::duration<double>(Clock::now() - start_).count();
        if (progress.fraction > 0.01 && progress.elapsed_s > 0.2)
            progress.remaining_s = progress.elapsed_s * (1 - progress.fraction) / progress.fraction;
        progress.activity = activity;
        observer_.on_progress(progress);
    }

private:
    BenchObserver& observer_;
    double total_;
    Clock::time_point start_ = Clock::now();
};

// Wall time per part of the sweep, for the summary line.
class TimeLedger {
public:
    class Entry {
    public:
        Entry(TimeLedger& ledger, std::string part) : ledger_(ledger), part_(std::move(part)) {}
        ~Entry() { ledger_.add(part_, std::chrono::duration<double>(Clock::now() - start_).count()); }

    private:
        TimeLedger& ledger_;
        std::string part_;
        Clock::time_point start_ = Clock::now();
    };
    void add(const std::string& part, double seconds) {
        for (auto& [name, total] : parts_)
            if (name == part) {
                total += seconds;
                return;
            }
        parts_.emplace_back(part, seconds);
    }
    std::string summary(double total) const {
        char text[64];
        std::snprintf(text, sizeof text, "sweep took %.1f s:", total);
        std::string line = text;
        for (const auto& [name, seconds] : parts_) {
            std::snprintf(text, sizeof text, " %.1f s ", seconds);
            line += text + name + ",";
        }
        line.pop_back();
        return line;
    }

private:
    std::vector<std::pair<std::string, double>> parts_;
};

class Sweep {
public:
    Sweep(const BenchSpec& spec, BenchObserver& observer) : spec_(spec), observer_(observer) {}

    BenchRun run() {
        run_.environment = local_bench_environment(spec_.command);
        run_.method.seed = spec_.seed;
        run_.method.warmup = spec_.warmup;
        run_.method.repetitions = spec_.repetitions;
        plan();
        SweepProgress progress(observer_, total_cost());
        double done = 0;
        for (std::uint64_t n : sizes_) {
            if (stopped())
                break;
            run_size(n, progress, done);
        }
        run_.cancelled = stopped();
        if (!run_.cancelled)
            progress.report(total_cost(), "finished");
        observer_.on_summary(ledger_.summary(std::chrono::duration<double>(Clock::now() - start_).count()));
        run_.label = !spec_.label.empty() ? spec_.label : default_run_label(run_);
        return run_;
    }

private:
    bool stopped() { return cancelled_ || (cancelled_ = observer_.cancelled()); }

    void skip(const std::string& message) {
        run_.skipped.push_back(message);
        observer_.on_skip(message);
    }
    void fail(const std::string& message) {
        run_.skipped.push_back("FAILED: " + message);
        observer_.on_failure(message);
    }

    // One point per (algorithm, scan, N, block size), the key results files hold once (bench_json.hpp),
    // so a spec that names one twice ("--algos cpu,cpu-std", "--n 2^10,1024", "--block 256,256") still
    // makes a run that can be written: each list is taken once, first appearance first.
    void plan() {
        for (const BenchScan& scan : spec_.scans)
            if (std::find(scans_.begin(), scans_.end(), scan) == scans_.end())
                scans_.push_back(scan);
        names_scans_ = std::any_of(scans_.begin(), scans_.end(),
                                   [](const BenchScan& scan) { return scan != kDefaultBenchScan; });
        sizes_ = spec_.sizes;
        std::sort(sizes_.begin(), sizes_.end());
        sizes_.erase(std::unique(sizes_.begin(), sizes_.end()), sizes_.end());
        for (int threads : spec_.block_sizes)
            if (std::find(block_sizes_.begin(), block_sizes_.end(), threads) == block_sizes_.end())
                block_sizes_.push_back(threads);
        const bool gpu = gpu_status().available;
        std::vector<const BenchAlgorithm*> requested;
        for (const std::string& name : spec_.algorithms) {
            const BenchAlgorithm* algorithm = find_bench_algorithm(name);
            if (std::find(requested.begin(), requested.end(), algorithm) != requested.end())
                continue;
            requested.push_back(algorithm);
            if (algorithm->target == BenchTarget::gpu && !gpu) {
                skip(name + ": skipped, no CUDA GPU (" + gpu_status().reason + ")");
                continue;
            }
            // Our drivers are instantiated for the default scan only (gpu_scan_times_scan): one line
            // says so, once, and the algorithm stays for the scans it times.
            if (!times_every_scan(*algorithm)) {
                skip(name + ": times " + bench_scan_name(kDefaultBenchScan) + " only");
                if (std::none_of(scans_.begin(), scans_.end(),
                                 [&](const BenchScan& scan) { return times_scan(*algorithm, scan); }))
                    continue;
            }
            algorithms_.push_back(algorithm);
        }
        any_gpu_ = std::any_of(algorithms_.begin(), algorithms_.end(),
                               [](const BenchAlgorithm* a) { return a->target == BenchTarget::gpu; });
        any_cpu_ = std::any_of(algorithms_.begin(), algorithms_.end(),
                               [](const BenchAlgorithm* a) { return a->target == BenchTarget::cpu; });
        if (any_gpu_) {
            // Pin once for the largest size that fits in host memory, not at every size.
            for (auto n = sizes_.rbegin(); n != sizes_.rend(); ++n)
                if (host_bytes(*n) < double(host_memory_available())) {
                    gpu_reserve_transfer_buffer(*n * sizeof(std::uint32_t));
                    break;
                }
            run_.environment.device = gpu_status().name;
            run_.environment.driver = gpu_driver_version();
            run_.environment.cuda_runtime = gpu_runtime_version();
        }
    }

    // Threads per block for an algorithm at n: its default; or --block's sizes everywhere; or, with
    // --block-n, --block's sizes (and the default, so the N sweep stays whole) at those sizes only.
    std::vector<int> block_sizes_at(const BenchAlgorithm& algorithm, std::uint64_t n) const {
        const std::vector<int>& listed = block_sizes_;
        const std::vector<std::uint64_t>& at = spec_.block_sweep_sizes;
        if (listed.empty())
            return {algorithm.default_threads};
        if (at.empty())
            return listed;
        if (std::find(at.begin(), at.end(), n) == at.end())
            return {algorithm.default_threads};
        std::vector<int> blocks = listed;
        if (std::find(blocks.begin(), blocks.end(), algorithm.default_threads) == blocks.end())
            blocks.insert(blocks.begin(), algorithm.default_threads);
        return blocks;
    }

    static bool times_scan(const BenchAlgorithm& algorithm, const BenchScan& scan) {
        return algorithm.target == BenchTarget::cpu || gpu_scan_times_scan(algorithm.gpu.kind, scan);
    }
    bool times_every_scan(const BenchAlgorithm& algorithm) const {
        return std::all_of(scans_.begin(), scans_.end(),
                           [&](const BenchScan& scan) { return times_scan(algorithm, scan); });
    }

    // The scan as messages name it: empty in a sweep of the default scan alone (its messages read as
    // they always did).
    std::string scan_label(const BenchScan& scan) const { return names_scans_ ? bench_scan_name(scan) : ""; }

    // The points to measure at n for a scan, GPU ones first (they share one device session).
    std::vector<Job> jobs_at(std::uint64_t n, const BenchScan& scan) const {
        std::vector<Job> jobs;
        for (BenchTarget target : {BenchTarget::gpu, BenchTarget::cpu})
            for (const BenchAlgorithm* algorithm : algorithms_) {
                if (algorithm->target != target || above_max_n(*algorithm, n) || !times_scan(*algorithm, scan))
                    continue;
                if (!has_block_size(*algorithm))
                    jobs.push_back({algorithm, 0});
                else
                    for (int threads : block_sizes_at(*algorithm, n))
                        for (int items : items_of(*algorithm, scan))
                            jobs.push_back({algorithm, threads, items});
            }
        return jobs;
    }

    // The elements per thread a job of the algorithm takes: the spec's for the tuned scans of uint32 +,
    // inclusive or exclusive (each once, the tuned tile's as 0, so that one tile is one point; the other
    // scans are built with the tuned tile only: gpu_tuned_runners.cu), else 0.
    std::vector<int> items_of(const BenchAlgorithm& algorithm, const BenchScan& scan) const {
        if (algorithm.target != BenchTarget::gpu || !is_tuned_scan(algorithm.gpu.kind) ||
            spec_.items_per_thread.empty() || scan.type != ElementType::uint32 || scan.op != ScanOperator::add)
            return {0};
        std::vector<int> items;
        for (int choice : spec_.items_per_thread) {
            const int item = choice == kTunedScanItems ? 0 : choice;
            if (std::find(items.begin(), items.end(), item) == items.end())
                items.push_back(item);
        }
        return items;
    }

    static bool above_max_n(const BenchAlgorithm& algorithm, std::uint64_t n) {
        return algorithm.max_n != 0 && n > algorithm.max_n;
    }

    int runs() const { return spec_.warmup + spec_.repetitions; }

    double cost_at(std::uint64_t n, const BenchScan& scan) const {
        double cost = setup_seconds(n, any_gpu_);
        for (const Job& job : jobs_at(n, scan))
            cost += expected_seconds(job, n, runs());
        return cost;
    }
    double cost_at(std::uint64_t n) const {
        double cost = 0;
        for (const BenchScan& scan : scans_)
            cost += cost_at(n, scan);
        return cost;
    }
    double total_cost() const {
        double total = 0;
        for (std::uint64_t n : sizes_)
            total += cost_at(n);
        return total;
    }

    // Host bytes this size needs: input, reference, the CPU's rotating copies, pinned transfer memory,
    // and the GPU's output where float sums are checked on the host.
    double host_bytes(std::uint64_t n) const {
        const double array = double(n) * sizeof(std::uint32_t);
        const bool downloads = any_gpu_ && std::any_of(scans_.begin(), scans_.end(), rounds);
        return 2 * array + (any_cpu_ ? array + 6.0 * double(last_level_cache_bytes()) : 0) + (any_gpu_ ? array : 0) +
               (downloads ? array : 0);
    }

    void run_size(std::uint64_t n, SweepProgress& progress, double& done) {
        const double end_cost = done + cost_at(n);
        const std::size_t available = host_memory_available();
        if (available > 0 && host_bytes(n) > double(available)) {
            skip("N = " + format_size(n) + ": skipped, needs " + gib(host_bytes(n)) + " of host memory, " +
                 gib(double(available)) + " available");
            done = end_cost;
            return;
        }
        for (const BenchScan& scan : scans_) {
            if (stopped())
                return;
            run_scan(n, scan, progress, done);
        }
        done = end_cost;
    }

    void run_scan(std::uint64_t n, const BenchScan& scan, SweepProgress& progress, double& done) {
        const double end_cost = done + cost_at(n, scan);
        const std::string label = scan_label(scan);
        progress.report(done, "preparing N = " + format_size(n) + (label.empty() ? "" : ", " + label));
        std::vector<std::uint32_t> input, reference;
        try {
            TimeLedger::Entry timing(ledger_, "inputs and references");
            input = bench_input(n, spec_.seed, scan.type);
            // The CPU reference every kernel is held to (as for traces: reference_scan.hpp), written
            // into one array: no copies of the input at large N.
            reference.resize(n);
            reference_scan(scan.type, scan.op, scan.exclusive, input.data(), reference.data(), n);
        } catch (const std::bad_alloc&) {
            skip("N = " + format_size(n) + (label.empty() ? "" : ", " + label) + ": skipped, out of host memory");
            done = end_cost;
            return;
        }
        done += setup_seconds(n, any_gpu_);
        if (scan == scans_.front())
            for (const BenchAlgorithm* algorithm : algorithms_)
                if (above_max_n(*algorithm, n))
                    skip(algorithm->name + " at N = " + format_size(n) + ": skipped, " + max_n_reason(*algorithm));
        const std::vector<Job> jobs = jobs_at(n, scan);
        if (any_gpu_)
            run_gpu_jobs(jobs, n, scan, input, reference, progress, done);
        for (const Job& job : jobs) {
            if (job.algorithm->target != BenchTarget::cpu)
                continue;
            if (stopped())
                return;
            progress.report(done, point_name(job, n, label));
            TimeLedger::Entry timing(ledger_, "CPU points");
            run_cpu_job(job, n, scan, input, reference);
            done += expected_seconds(job, n, runs());
        }
        done = end_cost;
    }

    void run_gpu_jobs(const std::vector<Job>& jobs, std::uint64_t n, const BenchScan& scan,
                      const std::vector<std::uint32_t>& input, const std::vector<std::uint32_t>& reference,
                      SweepProgress& progress, double& done) {
        const std::string label = scan_label(scan);
        const std::string size = "N = " + format_size(n) + (label.empty() ? "" : ", " + label);
        if (spec_.gpu_memory_limit && gpu_bench_session_bytes(n) > *spec_.gpu_memory_limit) {
            skip(size + ": GPU skipped, needs " + gib(double(gpu_bench_session_bytes(n))) + " of GPU memory, " +
                 gib(double(*spec_.gpu_memory_limit)) + " allowed (test limit)");
            return;
        }
        std::unique_ptr<GpuBenchSession> session;
        GpuTransferSamples transfers;
        try {
            {
                TimeLedger::Entry timing(ledger_, "GPU uploads");
                // Float sums are checked on the host, within a rounding bound; the rest bit for bit
                // on the device.
                session = std::make_unique<GpuBenchSession>(scan, input.data(),
                                                            rounds(scan) ? nullptr : reference.data(), n);
            }
            TimeLedger::Entry timing(ledger_, "transfer timings");
            transfers = session->time_transfers(spec_.warmup, spec_.repetitions);
        } catch (const GpuOutOfMemory& e) {
            skip(size + ": GPU skipped, " + e.what());
            return;
        }
        for (const Job& job : jobs) {
            if (job.algorithm->target != BenchTarget::gpu)
                continue;
            if (stopped())
                return;
            progress.report(done, point_name(job, n, label));
            GpuScanSamples samples;
            try {
                TimeLedger::Entry timing(ledger_, "GPU points");
                GpuScanMethod method = job.algorithm->gpu;
                method.items = job.items;
                samples = session->time_scan(method, job.threads, spec_.warmup, spec_.repetitions,
                                             [this] { return stopped(); });
            } catch (const GpuOutOfMemory& e) {
                skip(point_name(job, n, label) + ": skipped, " + e.what());
                continue;
            } catch (const GpuBlockTooLarge& e) {
                skip(point_name(job, n, label) + ": skipped, " + e.what());
                continue;
            }
            done += expected_seconds(job, n, runs());
            if (samples.ms.size() < std::size_t(spec_.repetitions))
                return; // cancelled mid-point: it does not count
            if (!samples.checked) {
                TimeLedger::Entry timing(ledger_, "host checks of float sums");
                const std::vector<std::uint32_t> output = session->download_output();
                const OutputMismatch mismatch = check_scan_output(scan, input.data(), reference.data(), output.data(), n);
                if (mismatch.count > 0) {
                    fail(point_name(job, n, label) + ": " + std::to_string(mismatch.count) +
                         " elements are outside the rounding bound of the exact sum (first at " +
                         std::to_string(mismatch.first) + ": expected " + mismatch.expected + ", got " +
                         mismatch.actual + "), not counted");
                    continue;
                }
            } else if (!samples.verified) {
                const bool copy = job.algorithm->gpu.kind == GpuScanKind::copy;
                fail(point_name(job, n, label) + ": " + std::to_string(samples.mismatches) + " elements differ from " +
                     (copy ? "the input" : "the CPU reference") + " (first at " +
                     std::to_string(samples.first_mismatch) + ": expected " + value_text(scan, samples.expected) +
                     ", got " + value_text(scan, samples.actual) + "), not counted");
                continue;
            }
            BenchPoint point = make_point(job, n, scan, samples.ms);
            std::vector<double> with_transfers(samples.ms.size());
            for (std::size_t r = 0; r < samples.ms.size(); ++r)
                with_transfers[r] = transfers.host_to_device_ms[r] + samples.ms[r] + transfers.device_to_host_ms[r];
            point.with_transfers_ms = sample_stats(with_transfers);
            const std::vector<std::string> phase_names = gpu_scan_phase_names(job.algorithm->gpu);
            for (std::size_t p = 0; p < phase_names.size(); ++p)
                point.phases.push_back({phase_names[p], sample_stats(samples.phase_ms[p])});
            record(std::move(point));
        }
    }

    void run_cpu_job(const Job& job, std::uint64_t n, const BenchScan& scan, const std::vector<std::uint32_t>& input,
                     const std::vector<std::uint32_t>& reference) {
        const std::string label = scan_label(scan);
        ColdCpuArrays* arrays = nullptr;
        bool evict = false;
        try {
            arrays = &cold_arrays();
            evict = arrays->prepare(input, std::size_t(runs()));
        } catch (const std::bad_alloc&) {
            skip(point_name(job, n, label) + ": skipped, out of host memory");
            return;
        }
        const auto run_scan = [&](std::size_t use) {
            switch (job.algorithm->cpu) {
            case CpuScanKind::loop:
                cpu_loop_scan(scan, arrays->input(use), arrays->output(use), n);
                break;
            case CpuScanKind::std_scan:
                cpu_std_scan(scan, arrays->input(use), arrays->output(use), n);
                break;
            case CpuScanKind::parallel:
                parallel_scan().scan(scan, arrays->input(use), arrays->output(use), n);
                break;
            }
        };
        if (evict)
            evictor().evict();
        for (int w = 0; w < spec_.warmup; ++w)
            run_scan(std::size_t(w));
        std::vector<double> samples;
        std::size_t use = std::size_t(spec_.warmup);
        for (int r = 0; r < spec_.repetitions; ++r, ++use) {
            if (stopped())
                return;
            const auto start = Clock::now();
            run_scan(use);
            samples.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        }
        const std::uint32_t* last = arrays->output(use - 1);
        const OutputMismatch mismatch = check_scan_output(scan, input.data(), reference.data(), last, n);
        if (mismatch.count > 0) {
            fail(point_name(job, n, label) + ": " +
                 (rounds(scan) ? "is outside the rounding bound of the exact sum" : "differs from the CPU reference") +
                 " at " + std::to_string(mismatch.first) + " (expected " + mismatch.expected + ", got " +
                 mismatch.actual + "), not counted");
            return;
        }
        record(make_point(job, n, scan, samples));
    }

    BenchPoint make_point(const Job& job, std::uint64_t n, const BenchScan& scan,
                          const std::vector<double>& samples) const {
        BenchPoint point;
        point.algorithm = job.algorithm->name;
        point.scan = scan;
        point.n = n;
        point.block_threads = job.threads;
        point.items = job.items;
        point.samples_ms = samples;
        point.ms = sample_stats(samples);
        point.verified = true;
        return point;
    }

    void record(BenchPoint point) {
        observer_.on_point(point);
        run_.points.push_back(std::move(point));
    }

    ColdCpuArrays& cold_arrays() {
        if (!cold_arrays_)
            cold_arrays_ = std::make_unique<ColdCpuArrays>(last_level_cache_bytes());
        return *cold_arrays_;
    }

    CacheEvictor& evictor() {
        if (!evictor_)
            evictor_ = std::make_unique<CacheEvictor>(last_level_cache_bytes());
        return *evictor_;
    }

    CpuParallelScan& parallel_scan() {
        if (!parallel_)
            parallel_ = std::make_unique<CpuParallelScan>(std::max(1u, std::thread::hardware_concurrency()));
        return *parallel_;
    }

    const BenchSpec& spec_;
    BenchObserver& observer_;
    BenchRun run_;
    std::vector<BenchScan> scans_;                  // spec_.scans, each once
    bool names_scans_ = false;                      // a scan other than the default is timed
    std::vector<std::uint64_t> sizes_;              // ascending, each once
    std::vector<int> block_sizes_;                  // spec_.block_sizes, each once
    std::vector<const BenchAlgorithm*> algorithms_; // requested and runnable here, each once
    bool any_gpu_ = false, any_cpu_ = false, cancelled_ = false;
    std::unique_ptr<CpuParallelScan> parallel_;
    std::unique_ptr<CacheEvictor> evictor_; // allocated once: 2 × the last-level cache
    std::unique_ptr<ColdCpuArrays> cold_arrays_;
    TimeLedger ledger_;
    Clock::time_point start_ = Clock::now();
};

} // namespace

void validate_bench_spec(const BenchSpec& spec) {
    if (spec.algorithms.empty())
        throw BenchSpecError("--algos: no algorithm given (prefixlab bench --list shows them)");
    if (spec.scans.empty())
        throw BenchSpecError("--scans: no scan given");
    for (const std::string& name : spec.algorithms)
        if (find_bench_algorithm(name) == nullptr)
            throw BenchSpecError("--algos: unknown algorithm '" + name + "' (prefixlab bench --list shows them)");
    if (spec.sizes.empty())
        throw BenchSpecError("--n: no size given");
    for (std::uint64_t n : spec.sizes)
        if (n < 1 || n > kMaxBenchN)
            throw BenchSpecError("--n: " + std::to_string(n) + " is out of range (1.." + format_size(kMaxBenchN) + ")");
    for (int threads : spec.block_sizes)
        if (!is_bench_block_size(threads))
            throw BenchSpecError("--block: " + std::to_string(threads) + " is not " + kBenchBlockSizes);
    for (std::uint64_t n : spec.block_sweep_sizes)
        if (std::find(spec.sizes.begin(), spec.sizes.end(), n) == spec.sizes.end())
            throw BenchSpecError("--block-n: " + format_size(n) + " is not one of the sizes given with --n");
    if (!spec.block_sweep_sizes.empty() && spec.block_sizes.empty())
        throw BenchSpecError("--block-n needs --block (the block sizes to sweep)");
    const std::vector<int>& choices = tuned_scan_item_choices();
    for (int items : spec.items_per_thread)
        if (std::find(choices.begin(), choices.end(), items) == choices.end())
            throw BenchSpecError("--items: " + std::to_string(items) + " is not one of " + item_choices_text());
    if (spec.repetitions < 1 || spec.repetitions > kMaxBenchRepetitions)
        throw BenchSpecError("--reps: " + std::to_string(spec.repetitions) + " is out of range (1.." +
                             std::to_string(kMaxBenchRepetitions) + ")");
    if (spec.warmup < 0 || spec.warmup > kMaxBenchWarmup)
        throw BenchSpecError("--warmup: " + std::to_string(spec.warmup) + " is out of range (0.." +
                             std::to_string(kMaxBenchWarmup) + ")");
}

BenchRun run_bench(const BenchSpec& spec, BenchObserver& observer) {
    validate_bench_spec(spec);
    return Sweep(spec, observer).run();
}

std::string why_nothing_measured(const BenchRun& run) {
    if (run.cancelled)
        return "cancelled before the first point";
    std::string why = run.skipped.empty() ? std::string("no point to run") : run.skipped.front();
    if (run.skipped.size() > 1)
        why += ", and " + std::to_string(run.skipped.size() - 1) + " more skipped";
    return why;
}

} // namespace prefixlab
