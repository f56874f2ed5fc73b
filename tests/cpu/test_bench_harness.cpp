// The benchmark harness without a GPU: size parsing, the catalog, spec validation, a CPU-only sweep
// (every point verified, progress to 100 %), cancellation keeping finished points, a size that does
// not fit in host memory skipped while the sweep goes on, and GPU algorithms skipped with the reason.
#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_json.hpp"
#include "core/bench/bench_runner.hpp"
#include "core/bench/bench_scan.hpp"
#include "core/bench/bench_sizes.hpp"
#include "core/ground/kernel_names.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"

#include <gtest/gtest.h>

#include <set>
#include <tuple>

namespace prefixlab::test {
namespace {

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

TEST(BenchSizes, RangesOfPowersOfTwoListsAndPlainNumbers) {
    EXPECT_EQ(parse_bench_sizes("2^10..2^13"), (std::vector<std::uint64_t>{1024, 2048, 4096, 8192}));
    EXPECT_EQ(parse_bench_sizes("1000..5000"), (std::vector<std::uint64_t>{1000, 2000, 4000}));
    EXPECT_EQ(parse_bench_sizes("33, 1, 2^5,33"), (std::vector<std::uint64_t>{1, 32, 33}));
    EXPECT_EQ(parse_bench_sizes("2^34"), (std::vector<std::uint64_t>{kMaxBenchN}));
}

TEST(BenchSizes, BadSizesAreNamed) {
    EXPECT_EQ(error_of([] { parse_bench_sizes(""); }), "--n: empty size in ''");
    EXPECT_NE(error_of([] { parse_bench_sizes("2^"); }).find("cannot read '2^'"), std::string::npos);
    EXPECT_NE(error_of([] { parse_bench_sizes("ten"); }).find("cannot read 'ten'"), std::string::npos);
    EXPECT_EQ(error_of([] { parse_bench_sizes("0"); }), "--n: 0 is out of range (1..2^34)");
    EXPECT_EQ(error_of([] { parse_bench_sizes("2^35"); }), "--n: 2^35 is out of range (1..2^34)");
    EXPECT_EQ(error_of([] { parse_bench_sizes("2^12..2^10"); }), "--n: the range '2^12..2^10' runs backwards");
    EXPECT_EQ(error_of([] { parse_bench_sizes("x", "--block-n"); }).substr(0, 10), "--block-n:");
}

TEST(BenchSizes, PowersOfTwoPrintAsPowers) {
    EXPECT_EQ(format_size(1024), "2^10");
    EXPECT_EQ(format_size(std::uint64_t(1) << 28), "2^28");
    EXPECT_EQ(format_size(1000), "1000");
    EXPECT_EQ(format_size(8), "8");
    for (std::uint64_t n : parse_bench_sizes("2^4..2^34"))
        EXPECT_EQ(parse_bench_sizes(format_size(n)), std::vector<std::uint64_t>{n});
}

TEST(BenchCatalog, NamesAreUniqueAndDefaultsMakeTilesOf1024Elements) {
    std::set<std::string> names;
    for (const BenchAlgorithm& a : bench_algorithms()) {
        EXPECT_TRUE(names.insert(a.name).second) << a.name;
        EXPECT_EQ(find_bench_algorithm(a.name), &a);
        if (a.target == BenchTarget::gpu && (a.name.starts_with("stp-") || a.name.starts_with("rts-")))
            EXPECT_EQ(gpu_scan_tile(a.gpu, a.default_threads), 1024u) << a.name;
        if (a.target == BenchTarget::cpu)
            EXPECT_FALSE(has_block_size(a)) << a.name;
    }
    for (const char* expected : {"copy", "cub", "thrust", "stp-hillis-steele", "stp-blelloch", "stp-blelloch-padded",
                                 "stp-warp-shuffle", "rts-blelloch", "global-hillis-steele", "cpu-loop", "cpu-std",
                                 "cpu-parallel"})
        EXPECT_NE(find_bench_algorithm(expected), nullptr) << expected;
    EXPECT_EQ(find_bench_algorithm("stp-hillis-steele-racy"), nullptr); // wrong by design: never timed
}

BenchSpec cpu_spec() {
    BenchSpec spec;
    spec.algorithms = {"cpu-loop", "cpu-std", "cpu-parallel"};
    spec.sizes = {65537, 1, 33, 1000};
    spec.repetitions = 3;
    spec.warmup = 1;
    return spec;
}

TEST(BenchSpecValidation, EveryProblemIsNamed) {
    const auto error_for = [](const std::function<void(BenchSpec&)>& change) {
        BenchSpec spec = cpu_spec();
        change(spec);
        return error_of([&] { validate_bench_spec(spec); });
    };
    EXPECT_EQ(error_for([](BenchSpec&) {}), "");
    EXPECT_NE(error_for([](BenchSpec& s) { s.algorithms = {"bubble"}; }).find("unknown algorithm 'bubble'"),
              std::string::npos);
    EXPECT_NE(error_for([](BenchSpec& s) { s.algorithms.clear(); }).find("--algos"), std::string::npos);
    EXPECT_NE(error_for([](BenchSpec& s) { s.sizes.clear(); }).find("--n"), std::string::npos);
    EXPECT_EQ(error_for([](BenchSpec& s) { s.block_sizes = {96}; }), "--block: 96 is not a power of two from 32 to 1024");
    EXPECT_EQ(error_for([](BenchSpec& s) { s.block_sizes = {2048}; }),
              "--block: 2048 is not a power of two from 32 to 1024");
    EXPECT_EQ(error_for([](BenchSpec& s) { s.repetitions = 0; }), "--reps: 0 is out of range (1..1000)");
    EXPECT_NE(error_for([](BenchSpec& s) { s.block_sweep_sizes = {4096}; }).find("--block-n"), std::string::npos);
    EXPECT_EQ(error_for([](BenchSpec& s) { s.scans.clear(); }), "--scans: no scan given");
}

TEST(BenchScans, NamesReadBackAndListsAreTakenOnce) {
    for (ElementType type : all_element_types())
        for (ScanOperator op : all_scan_operators())
            for (bool exclusive : {false, true}) {
                const BenchScan scan{type, op, exclusive};
                const auto parsed = parse_bench_scan(bench_scan_name(scan));
                ASSERT_TRUE(parsed.has_value()) << bench_scan_name(scan);
                EXPECT_TRUE(*parsed == scan) << bench_scan_name(scan);
            }
    EXPECT_EQ(bench_scan_name(kDefaultBenchScan), "uint32-add");
    EXPECT_EQ(bench_scan_name({ElementType::float32, ScanOperator::max, true}), "float-max-exclusive");
    EXPECT_EQ(bench_scan_phrase(kDefaultBenchScan), "uint32 +");
    EXPECT_EQ(bench_scan_phrase({ElementType::int32, ScanOperator::min, true}), "int32 min, exclusive");
    const std::vector<BenchScan> scans = parse_bench_scans("float-add, uint32-add,float-add");
    ASSERT_EQ(scans.size(), 2u);
    EXPECT_TRUE(scans[0] == (BenchScan{ElementType::float32, ScanOperator::add, false}));
    EXPECT_TRUE(scans[1] == kDefaultBenchScan);
    for (const char* bad : {"", "uint32", "uint32-add-", "uint32-add-inclusive", "float32-add", "int32-sum"})
        EXPECT_NE(error_of([&] { parse_bench_scans(bad); }).find("--scans '"), std::string::npos) << bad;
}


class Recorder : public BenchObserver {
public:
    void on_progress(const BenchProgress& p) override { progress.push_back(p.fraction); }
    void on_point(const BenchPoint& point) override {
        points.push_back(point);
        if (cancel_after > 0 && points.size() >= cancel_after)
            stop = true;
    }
    void on_skip(const std::string& m) override { skips.push_back(m); }
    void on_failure(const std::string& m) override { failures.push_back(m); }
    bool cancelled() override { return stop; }

    std::vector<double> progress;
    std::vector<BenchPoint> points;
    std::vector<std::string> skips, failures;
    std::size_t cancel_after = 0;
    bool stop = false;
};

TEST(BenchSweep, CpuBaselinesAreTimedAndVerifiedAtEverySize) {
    Recorder recorder;
    const BenchRun run = run_bench(cpu_spec(), recorder);
    ASSERT_EQ(run.points.size(), 12u);
    EXPECT_TRUE(recorder.failures.empty());
    EXPECT_FALSE(run.cancelled);
    std::uint64_t previous_n = 0;
    for (const BenchPoint& point : run.points) {
        EXPECT_TRUE(point.verified);
        EXPECT_EQ(point.samples_ms.size(), 3u);
        EXPECT_EQ(point.ms.count, 3);
        EXPECT_GE(point.ms.median, point.ms.min);
        EXPECT_LE(point.ms.median, point.ms.max);
        EXPECT_FALSE(point.with_transfers_ms.has_value());
        EXPECT_EQ(point.block_threads, 0);
        EXPECT_GE(point.n, previous_n); // ascending N
        previous_n = point.n;
    }
    EXPECT_EQ(recorder.points.size(), run.points.size());
    ASSERT_FALSE(recorder.progress.empty());
    for (std::size_t i = 1; i < recorder.progress.size(); ++i)
        EXPECT_GE(recorder.progress[i], recorder.progress[i - 1]);
    EXPECT_DOUBLE_EQ(recorder.progress.back(), 1.0);
    EXPECT_FALSE(run.environment.cpu_model.empty());
    EXPECT_FALSE(run.environment.date.empty());
    EXPECT_EQ(run.method.repetitions, 3);
}

TEST(BenchSweep, CancellingKeepsTheFinishedPoints) {
    Recorder recorder;
    recorder.cancel_after = 5;
    const BenchRun run = run_bench(cpu_spec(), recorder);
    EXPECT_TRUE(run.cancelled);
    ASSERT_EQ(run.points.size(), 5u);
    for (const BenchPoint& point : run.points)
        EXPECT_TRUE(point.verified);
}

TEST(BenchSweep, ASizeBeyondHostMemoryIsSkippedAndTheSweepGoesOn) {
    BenchSpec spec = cpu_spec();
    spec.algorithms = {"cpu-std"};
    spec.sizes = {1000, kMaxBenchN}; // 2^34 elements: 64 GiB an array
    Recorder recorder;
    const BenchRun run = run_bench(spec, recorder);
    ASSERT_EQ(recorder.skips.size(), 1u);
    EXPECT_NE(recorder.skips[0].find("N = 2^34: skipped, needs"), std::string::npos) << recorder.skips[0];
    ASSERT_EQ(run.points.size(), 1u);
    EXPECT_EQ(run.points[0].n, 1000u);
    EXPECT_EQ(run.skipped, recorder.skips);
}

TEST(BenchSweep, GpuAlgorithmsWithoutAGpuAreSkippedWithTheReason) {
    if (gpu_status().available)
        GTEST_SKIP() << "this machine has a GPU (" << gpu_status().name << "); tests/gpu covers it";
    BenchSpec spec = cpu_spec();
    spec.algorithms = {"stp-blelloch", "cpu-loop"};
    spec.sizes = {1000};
    Recorder recorder;
    const BenchRun run = run_bench(spec, recorder);
    ASSERT_EQ(recorder.skips.size(), 1u);
    EXPECT_EQ(recorder.skips[0], "stp-blelloch: skipped, no CUDA GPU (" + gpu_status().reason + ")");
    ASSERT_EQ(run.points.size(), 1u);
    EXPECT_EQ(run.points[0].algorithm, "cpu-loop");
    EXPECT_TRUE(run.environment.device.empty());
}

// Defect 8 of issue 9: "--algos cpu,cpu-std" measured cpu-std twice, and the finished sweep was then
// refused by the results writer ("duplicates points[1]"). Every list is taken once, first place first.
TEST(BenchCatalog, AnAlgorithmNamedTwiceIsTimedOnceWhereItFirstAppears) {
    EXPECT_EQ(expand_bench_algorithms("cpu,cpu-std"),
              (std::vector<std::string>{"cpu-loop", "cpu-std", "cpu-parallel"}));
    EXPECT_EQ(expand_bench_algorithms("cpu-std,cpu,cpu-std"),
              (std::vector<std::string>{"cpu-std", "cpu-loop", "cpu-parallel"}));
    EXPECT_EQ(expand_bench_algorithms("all,cpu").size(), bench_algorithms().size());
}

// The class behind defect 8: a run the runner makes must pass every check of the writer, whatever
// the spec repeats (algorithms, sizes, block sizes) and whatever bytes its free text holds.
TEST(BenchSweep, TheResultsWriterAcceptsEveryRunTheRunnerMakes) {
    BenchSpec spec = cpu_spec();
    spec.algorithms = {"cpu-std", "cpu-loop", "cpu-std", "stp-blelloch", "stp-blelloch"};
    spec.sizes = {64, 32, 64};
    spec.block_sizes = {256, 256, 512};
    spec.label = "caf\xe9 \xff label"; // Latin-1, not UTF-8
    spec.command = "prefixlab bench --out caf\xe9";
    BenchObserver quiet;
    const BenchRun run = run_bench(spec, quiet);
    std::set<std::tuple<std::string, std::uint64_t, int>> keys;
    for (const BenchPoint& p : run.points)
        EXPECT_TRUE(keys.insert({p.algorithm, p.n, p.block_threads}).second) << p.algorithm << " N = " << p.n;
    EXPECT_EQ(run.points.size(), gpu_status().available ? 2u * 2 + 2u * 2 : 2u * 2);
    std::string text;
    ASSERT_NO_THROW(text = checked_bench_json(run, "results.json"));
    const BenchRun back = bench_run_from_json(text, "results.json");
    EXPECT_EQ(back.points.size(), run.points.size());
    EXPECT_EQ(back.label, "caf\uFFFD \uFFFD label"); // each invalid byte becomes U+FFFD
}

// A CPU sweep of three scans: every point is verified against the reference (float sums of
// cpu-parallel within the rounding bound) and names its scan; the sizes are awkward.
TEST(BenchSweep, EveryScanOfTheSpecIsTimedAtEverySize) {
    BenchSpec spec = cpu_spec();
    spec.sizes = {1, 31, 33, 4097, 70001}; // 70001: cpu-parallel runs its threads
    spec.scans = parse_bench_scans("int32-min-exclusive,float-add,uint32-add");
    Recorder recorder;
    const BenchRun run = run_bench(spec, recorder);
    EXPECT_TRUE(recorder.failures.empty()) << recorder.failures.front();
    EXPECT_TRUE(recorder.skips.empty()) << recorder.skips.front();
    ASSERT_EQ(run.points.size(), 3u * 3u * 5u);
    EXPECT_EQ(scans_of(run), spec.scans);
    EXPECT_TRUE(names_scans(run));
    for (const BenchScan& scan : spec.scans)
        EXPECT_EQ(run_of_scan(run, scan).points.size(), 15u) << bench_scan_name(scan);
    const std::string text = bench_run_to_json(run); // the writer accepts it
    EXPECT_EQ(bench_run_from_json(text, "memory").points.size(), run.points.size());
}

} // namespace
} // namespace prefixlab::test
