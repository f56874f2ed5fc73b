// On an NVIDIA GPU: every multi-block driver and library baseline the benchmark times computes the
// scan, at awkward sizes (one element, around tile and warp edges, several recursion levels) and
// every block size; the device-side verification catches a wrong element; a sweep skips a size the
// GPU cannot hold and goes on. Skipped, with the reason, without a GPU.
#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/bench/bench_tuning.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/reference_scan.hpp"
#include "kernels/bench/gpu_bench.hpp"
#include "kernels/common/value_bits.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"
#include "support/catalogue_ids.hpp"
#include "support/gpu_skip.hpp"

#include "kernels/bench/gpu_tuned_scan.hpp" // kTunedScanItems
#include "kernels/common/gpu_block_too_large.hpp"

#include <chrono>

#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <set>

namespace prefixlab::test {
namespace {

std::vector<std::uint32_t> random_words(std::size_t n, unsigned seed) {
    std::mt19937 generator(seed);
    std::vector<std::uint32_t> words(n);
    for (auto& w : words)
        w = generator(); // full 32-bit words: sums wrap around
    return words;
}

std::vector<std::uint32_t> inclusive_sums(const std::vector<std::uint32_t>& input) {
    std::vector<std::uint32_t> sums(input.size());
    std::uint32_t running = 0;
    for (std::size_t i = 0; i < input.size(); ++i)
        sums[i] = running += input[i];
    return sums;
}

std::string first_mismatch(const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& want) {
    if (got.size() != want.size())
        return "size " + std::to_string(got.size()) + " instead of " + std::to_string(want.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != want[i])
            return "element " + std::to_string(i) + ": " + std::to_string(got[i]) + " instead of " +
                   std::to_string(want[i]);
    return "";
}

// Runs the algorithm once at `threads` a block; false where the tuned scans' registers cannot take so
// large a block (GpuBlockTooLarge, which the benchmark reports as a skipped point): only they may refuse.
bool time_once_if_it_fits(GpuBenchSession& session, const BenchAlgorithm& algorithm, int threads) {
    try {
        session.time_scan(algorithm.gpu, threads, 0, 1);
        return true;
    } catch (const GpuBlockTooLarge& refused) {
        EXPECT_TRUE(is_tuned_scan(algorithm.gpu.kind)) << algorithm.name << ": " << refused.what();
        return false;
    }
}

// Sizes around tiles of 32..2048 elements and through several recursion levels.
const std::vector<std::size_t> kAwkwardSizes = {1,    2,    31,    32,    33,     1000,   1023,          1024,
                                                1025, 2047, 2048,  2049,  65537,  1048573, (1u << 22) + 3};

TEST(GpuMultiBlockScan, EveryAlgorithmAndBlockSizeEqualsTheReference) {
    PL_REQUIRE_GPU();
    for (std::size_t n : kAwkwardSizes) {
        const std::vector<std::uint32_t> input = random_words(n, unsigned(n));
        const std::vector<std::uint32_t> want = inclusive_sums(input);
        GpuBenchSession session(kDefaultBenchScan, input.data(), nullptr, n);
        for (const BenchAlgorithm& algorithm : bench_algorithms()) {
            if (algorithm.target != BenchTarget::gpu || algorithm.name == "copy")
                continue;
            const std::vector<int> blocks =
                has_block_size(algorithm) ? std::vector<int>{32, 64, 128, 256, 512, 1024} : std::vector<int>{0};
            for (int threads : blocks) {
                if (!time_once_if_it_fits(session, algorithm, threads))
                    continue;
                EXPECT_EQ(first_mismatch(session.download_output(), want), "")
                    << algorithm.name << " N=" << n << " block " << threads;
            }
        }
    }
}

// The subset tools/gpu_check.sh runs under compute-sanitizer memcheck and racecheck: every driver at
// the smallest and largest block, through one and two recursion levels.
TEST(GpuSanitized, MultiBlockDrivers) {
    PL_REQUIRE_GPU();
    for (std::size_t n : {std::size_t(1000), std::size_t(65537)}) {
        const std::vector<std::uint32_t> input = random_words(n, unsigned(n));
        const std::vector<std::uint32_t> want = inclusive_sums(input);
        GpuBenchSession session(kDefaultBenchScan, input.data(), nullptr, n);
        for (const BenchAlgorithm& algorithm : bench_algorithms()) {
            if (algorithm.target != BenchTarget::gpu || !has_block_size(algorithm))
                continue;
            for (int threads : {32, 1024}) {
                if (!time_once_if_it_fits(session, algorithm, threads))
                    continue;
                EXPECT_EQ(first_mismatch(session.download_output(), want), "")
                    << algorithm.name << " N=" << n << " block " << threads;
            }
        }
    }
}

// The timed repetitions are queued behind a gate the host opens; a method that waited for the GPU
// inside its own call would hold the gate shut until its timeout (a second a repetition: Thrust did).
// Twenty repetitions of every method at a small N take milliseconds, and the median is the GPU's time.
TEST(GpuBenchSession, GatedRepetitionsNeverWaitForTheGateTimeout) {
    PL_REQUIRE_GPU();
    const std::vector<std::uint32_t> input = random_words(1 << 12, 3);
    GpuBenchSession session(kDefaultBenchScan, input.data(), nullptr, input.size());
    for (const BenchAlgorithm& algorithm : bench_algorithms()) {
        if (algorithm.target != BenchTarget::gpu)
            continue;
        const auto start = std::chrono::steady_clock::now();
        const GpuScanSamples samples = session.time_scan(algorithm.gpu, algorithm.default_threads, 3, 20);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_LT(seconds, 0.5) << algorithm.name;
        ASSERT_EQ(samples.ms.size(), 20u) << algorithm.name;
        for (double ms : samples.ms)
            EXPECT_LT(ms, 50.0) << algorithm.name << ": a repetition timed the gate";
    }
}

TEST(GpuMultiBlockScan, CopyBaselineCopiesTheInput) {
    PL_REQUIRE_GPU();
    const std::vector<std::uint32_t> input = random_words(100003, 7);
    GpuBenchSession session(kDefaultBenchScan, input.data(), nullptr, input.size());
    session.time_scan({GpuScanKind::copy, {}}, 0, 0, 1);
    EXPECT_EQ(first_mismatch(session.download_output(), input), "");
}

TEST(GpuBenchSession, VerificationFindsAWrongElement) {
    PL_REQUIRE_GPU();
    const std::size_t n = 300000;
    const std::vector<std::uint32_t> input = random_words(n, 3);
    std::vector<std::uint32_t> reference = inclusive_sums(input);
    GpuBenchSession good(kDefaultBenchScan, input.data(), reference.data(), n);
    const GpuScanMethod method{GpuScanKind::scan_then_propagate, kernel_id("warp-shuffle")};
    const GpuScanSamples verified = good.time_scan(method, 1024, 1, 3);
    EXPECT_TRUE(verified.verified);
    EXPECT_EQ(verified.mismatches, 0u);
    ASSERT_EQ(verified.ms.size(), 3u);
    ASSERT_EQ(verified.phase_ms.size(), 3u);

    const std::uint32_t right = reference[123457];
    reference[123457] += 1;
    GpuBenchSession bad(kDefaultBenchScan, input.data(), reference.data(), n);
    const GpuScanSamples caught = bad.time_scan(method, 1024, 0, 1);
    EXPECT_FALSE(caught.verified);
    EXPECT_EQ(caught.mismatches, 1u);
    EXPECT_EQ(caught.first_mismatch, 123457u);
    EXPECT_EQ(caught.actual, right);
    EXPECT_EQ(caught.expected, right + 1);
}

TEST(GpuBenchSession, PhasesAddUpToTheWholeScan) {
    PL_REQUIRE_GPU();
    const std::size_t n = std::size_t(1) << 22;
    const std::vector<std::uint32_t> input = random_words(n, 5);
    const std::vector<std::uint32_t> reference = inclusive_sums(input);
    GpuBenchSession session(kDefaultBenchScan, input.data(), reference.data(), n);
    for (GpuScanKind kind : {GpuScanKind::scan_then_propagate, GpuScanKind::reduce_then_scan}) {
        const GpuScanSamples s = session.time_scan({kind, kernel_id("blelloch-padded")}, 512, 2, 5);
        ASSERT_TRUE(s.verified);
        for (std::size_t r = 0; r < s.ms.size(); ++r) {
            const double phases = s.phase_ms[0][r] + s.phase_ms[1][r] + s.phase_ms[2][r];
            EXPECT_GT(s.phase_ms[0][r], 0.0);
            EXPECT_GT(s.phase_ms[2][r], 0.0);
            EXPECT_NEAR(phases, s.ms[r], 0.02 * s.ms[r] + 0.005) << "repetition " << r;
        }
    }
}

TEST(GpuBenchSession, SizeBeyondDeviceMemoryIsRefusedBeforeTouchingTheInput) {
    PL_REQUIRE_GPU();
    const std::vector<std::uint32_t> tiny(16);
    // 2^36 elements would need 768 GiB: refused by the memory check, which reads no input.
    EXPECT_THROW(GpuBenchSession(kDefaultBenchScan, tiny.data(), nullptr, std::size_t(1) << 36), GpuOutOfMemory);
}

class RecordingObserver : public BenchObserver {
public:
    void on_skip(const std::string& message) override { skips.push_back(message); }
    void on_failure(const std::string& message) override { failures.push_back(message); }
    std::vector<std::string> skips, failures;
};

TEST(GpuBenchSweep, EveryPointIsVerifiedAndCarriesTransfersAndPhases) {
    PL_REQUIRE_GPU();
    BenchSpec spec;
    spec.algorithms = {"copy", "cub", "thrust", "stp-blelloch", "rts-warp-shuffle", "global-hillis-steele", "cpu-std"};
    spec.sizes = {1000, std::uint64_t(1) << 20};
    spec.repetitions = 5;
    RecordingObserver observer;
    const BenchRun run = run_bench(spec, observer);
    EXPECT_TRUE(observer.failures.empty()) << observer.failures.front();
    EXPECT_TRUE(observer.skips.empty()) << observer.skips.front();
    ASSERT_EQ(run.points.size(), 14u);
    EXPECT_EQ(run.environment.device, gpu_status().name);
    EXPECT_FALSE(run.environment.driver.empty());
    for (const BenchPoint& point : run.points) {
        EXPECT_TRUE(point.verified);
        EXPECT_EQ(point.samples_ms.size(), 5u);
        const bool gpu = find_bench_algorithm(point.algorithm)->target == BenchTarget::gpu;
        EXPECT_EQ(point.with_transfers_ms.has_value(), gpu) << point.algorithm;
        if (gpu)
            EXPECT_GT(point.with_transfers_ms->median, point.ms.median) << point.algorithm;
        const bool driver = point.algorithm.starts_with("stp-") || point.algorithm.starts_with("rts-") ||
                            point.algorithm == "global-hillis-steele";
        EXPECT_EQ(point.phases.size(), driver ? 3u : 0u) << point.algorithm;
    }
}

// Issue 14: the tuning sweep (prefixlab tune) is an ordinary run_bench: every tile of the tuned scan
// timed and verified, each point recording its elements per thread (the tuned tile's as 0), with the
// copy and CUB at the same N, so that every tile has its fraction of copy speed.
TEST(GpuBenchSweep, TuningSweepTimesAndVerifiesEveryTileBesideCopyAndCub) {
    PL_REQUIRE_GPU();
    TuneSettings settings;
    settings.items = {8, 24, 32};
    settings.block_sizes = {64, 256};
    settings.sizes = {(std::uint64_t(1) << 20) + 3}; // a partial last tile at every tile size
    settings.repetitions = 3;
    settings.warmup = 1;
    RecordingObserver observer;
    const BenchRun run = run_bench(tuning_bench_spec(settings), observer);
    EXPECT_TRUE(observer.failures.empty()) << observer.failures.front();
    EXPECT_TRUE(observer.skips.empty()) << observer.skips.front();
    ASSERT_EQ(run.points.size(), 2u + 3 * 2);
    const std::vector<TuneCell> cells = tuning_cells(run, settings.sizes[0]);
    ASSERT_EQ(cells.size(), 6u);
    std::set<std::pair<int, int>> tiles;
    for (const TuneCell& cell : cells) {
        tiles.insert({cell.threads, cell.items});
        ASSERT_TRUE(cell.copy_fraction.has_value());
        EXPECT_GT(*cell.copy_fraction, 0.05) << cell.threads << " × " << cell.items;
    }
    EXPECT_EQ(tiles, (std::set<std::pair<int, int>>{{64, 8}, {64, 24}, {64, 32}, {256, 8}, {256, 24}, {256, 32}}));
    for (const BenchPoint& point : run.points)
        if (point.algorithm == kTunedAlgorithm)
            EXPECT_NE(point.items, kTunedScanItems) << "the tuned tile is items 0";
    EXPECT_TRUE(fastest_tuning(run, settings.sizes[0]).has_value());
}

TEST(GpuBenchSweep, SizeTheGpuCannotHoldIsSkippedAndTheSweepGoesOn) {
    PL_REQUIRE_GPU();
    BenchSpec spec;
    spec.algorithms = {"stp-warp-shuffle", "cpu-loop"};
    spec.sizes = {std::uint64_t(1) << 16, std::uint64_t(1) << 26};
    spec.repetitions = 3;
    spec.gpu_memory_limit = gpu_bench_session_bytes(std::size_t(1) << 20); // 2^26 does not fit
    RecordingObserver observer;
    const BenchRun run = run_bench(spec, observer);
    ASSERT_EQ(observer.skips.size(), 1u);
    EXPECT_NE(observer.skips[0].find("N = 2^26: GPU skipped"), std::string::npos) << observer.skips[0];
    ASSERT_EQ(run.points.size(), 3u); // GPU and CPU at 2^16, CPU at 2^26
    EXPECT_EQ(run.points.back().algorithm, "cpu-loop");
    EXPECT_EQ(run.points.back().n, std::uint64_t(1) << 26);
}

// A block the tuned scan's registers cannot take (1024 threads × 48 elements) is a skipped point with
// the reason; the smaller block beside it is timed.
TEST(GpuBenchSweep, ABlockTheTunedScanCannotTakeIsSkippedWithTheReason) {
    PL_REQUIRE_GPU();
    BenchSpec spec;
    spec.algorithms = {kTunedAlgorithm};
    spec.sizes = {std::uint64_t(1) << 20};
    spec.block_sizes = {256, 1024};
    spec.repetitions = 3;
    RecordingObserver observer;
    const BenchRun run = run_bench(spec, observer);
    EXPECT_TRUE(observer.failures.empty()) << observer.failures.front();
    ASSERT_EQ(observer.skips.size(), 1u);
    EXPECT_NE(observer.skips[0].find("block 1024: skipped"), std::string::npos) << observer.skips[0];
    EXPECT_NE(observer.skips[0].find("threads a block (its registers), not 1024"), std::string::npos)
        << observer.skips[0];
    ASSERT_EQ(run.points.size(), 1u);
    EXPECT_EQ(run.points[0].block_threads, 256);
}

// Issue 14: the libraries and the copy time every scan (type × operator × inclusive/exclusive),
// against the project's reference: bit for bit, float sums within the reference check's bound.
TEST(GpuLibraryScans, EveryScanEqualsTheReference) {
    PL_REQUIRE_GPU();
    for (ElementType type : {ElementType::int32, ElementType::uint32, ElementType::float32})
        for (ScanOperator op : {ScanOperator::add, ScanOperator::max, ScanOperator::min})
            for (bool exclusive : {false, true})
                for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(33), std::size_t(4097),
                                      (std::size_t(1) << 20) + 3}) {
                    const BenchScan scan{type, op, exclusive};
                    std::vector<std::uint32_t> input = random_words(n, unsigned(n) + 7);
                    if (type == ElementType::float32)
                        for (std::uint32_t& bits : input)
                            bits = to_bits(static_cast<float>(static_cast<std::int32_t>(bits) >> 7) * 0x1p-24f);
                    const std::vector<std::uint32_t> want = reference_scan(type, op, exclusive, input);
                    GpuBenchSession session(scan, input.data(), nullptr, n);
                    for (const char* name : {"cub", "thrust", "copy"}) {
                        const BenchAlgorithm& algorithm = *find_bench_algorithm(name);
                        session.time_scan(algorithm.gpu, 0, 0, 1);
                        const std::vector<std::uint32_t> got = session.download_output();
                        const std::string where = std::string(name) + " " + bench_scan_name(scan) + " N=" +
                                                  std::to_string(n);
                        if (algorithm.name == "copy")
                            EXPECT_EQ(first_mismatch(got, input), "") << where;
                        else if (type == ElementType::float32 && op == ScanOperator::add)
                            EXPECT_EQ(check_output(type, op, exclusive, input, got).wrong_count, 0u) << where;
                        else
                            EXPECT_EQ(first_mismatch(got, want), "") << where;
                    }
                }
}

TEST(GpuBenchSweep, SeveralScansInOneRunAreTimedAndVerified) {
    PL_REQUIRE_GPU();
    BenchSpec spec;
    spec.algorithms = {"copy", "cub", "thrust", "stp-warp-shuffle", "cpu-std", "cpu-parallel"};
    spec.scans = parse_bench_scans("uint32-add,float-add,int32-max-exclusive");
    spec.sizes = {1000, std::uint64_t(1) << 20};
    spec.repetitions = 3;
    RecordingObserver observer;
    const BenchRun run = run_bench(spec, observer);
    EXPECT_TRUE(observer.failures.empty()) << observer.failures.front();
    ASSERT_EQ(observer.skips.size(), 1u);
    EXPECT_EQ(observer.skips[0], "stp-warp-shuffle: times uint32-add only");
    // uint32-add: 6 algorithms; the other two scans: 5 (no driver); each at 2 sizes.
    ASSERT_EQ(run.points.size(), 2u * (6 + 5 + 5));
    std::size_t float_sums = 0;
    for (const BenchPoint& point : run.points) {
        EXPECT_TRUE(point.verified);
        EXPECT_TRUE(std::find(spec.scans.begin(), spec.scans.end(), point.scan) != spec.scans.end());
        if (point.algorithm == "stp-warp-shuffle")
            EXPECT_TRUE(point.scan == kDefaultBenchScan);
        float_sums += point.scan.type == ElementType::float32;
    }
    EXPECT_EQ(float_sums, 2u * 5);
}

} // namespace
} // namespace prefixlab::test
