// On an NVIDIA GPU: for every correct algorithm, configuration and size, the traced kernel's trace
// equals the emulator's (steps, snapshots, accesses with provenance, output) and the untraced kernel
// computes the scan. The racy variant's GPU result is reported against the reference. GpuSanitized.*
// is the subset tools/gpu_check.sh runs under compute-sanitizer. Skipped, with the reason, without a GPU.
#include "core/ground/output_check.hpp"
#include "kernels/gpu/gpu_block_scan.hpp"
#include "support/catalogue_ids.hpp"
#include "support/gpu_skip.hpp"
#include "support/scan_test_support.hpp"
#include "support/trace_checks.hpp"

#include <cstdio>
#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

struct Config {
    ElementType type;
    ScanOperator op;
    bool exclusive;
};

std::vector<Config> all_configs() {
    std::vector<Config> configs;
    for (ElementType type : all_element_types())
        for (ScanOperator op : all_scan_operators())
            for (bool exclusive : {false, true})
                configs.push_back({type, op, exclusive});
    return configs;
}

// A segmented scan takes uint32 alone (its pairs' flag is the top bit): the other types' configurations are refused
// before a launch (tests/cpu/test_block_segmented_scan.cpp), so not run here.
bool takes(BlockAlgorithm algorithm, const Config& c) { return fixed_element_type(algorithm).value_or(c.type) == c.type; }

std::string describe_config(const Config& c) {
    return std::string(name_of(c.type)) + " " + std::string(name_of(c.op)) + (c.exclusive ? " exclusive" : " inclusive");
}

ScanSetup capture_request(BlockAlgorithm algorithm, int n, const Config& c, DeviceChoice device) {
    ScanSetup r = make_capture(algorithm, n, InputKind::random, 29 + n, device);
    r.type = c.type;
    r.op = c.op;
    r.exclusive = c.exclusive;
    return r;
}

class GpuScan : public ::testing::TestWithParam<AlgorithmSize> {};

TEST_P(GpuScan, TraceEqualsEmulatorTraceForEveryConfiguration) {
    PL_REQUIRE_GPU();
    const auto [algorithm, n] = GetParam();
    for (const Config& c : all_configs()) {
        if (!takes(algorithm, c))
            continue;
        const Trace on_gpu = capture_trace(capture_request(algorithm, n, c, DeviceChoice::gpu)).trace;
        const Trace emulated = capture_trace(capture_request(algorithm, n, c, DeviceChoice::cpu)).trace;
        ASSERT_FALSE(on_gpu.config.emulated);
        // bucketing by atomics: the hardware's order of atomics is its own, each order right
        if (!is_schedule_dependent(algorithm))
            EXPECT_EQ(first_difference(on_gpu, emulated), "") << describe_config(c);
        EXPECT_EQ(on_gpu.check.wrong_count, 0u) << describe_config(c);
    }
}

TEST_P(GpuScan, UntracedKernelComputesTheScan) {
    PL_REQUIRE_GPU();
    const auto [algorithm, n] = GetParam();
    for (const Config& c : all_configs()) {
        if (!takes(algorithm, c))
            continue;
        const BlockRequest request = make_request(algorithm, n, InputKind::random, 41 + n, c.type, c.op, c.exclusive);
        const std::vector<std::uint32_t> output = gpu_run_block_scan(request);
        const KernelKind kind = kind_of(algorithm); // a block reduction's check is of its total (exact for integers)
        EXPECT_EQ(check_kernel_output(kind, c.type, c.op, c.exclusive, request.input, output, KeepPredicate{}).wrong_count, 0u)
            << describe_config(c);
        if (kind == KernelKind::block_scan && (c.type != ElementType::float32 || c.op != ScanOperator::add))
            EXPECT_EQ(output, reference_scan(c.type, c.op, c.exclusive, request.input)) << describe_config(c);
    }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, GpuScan, ::testing::ValuesIn(algorithm_sizes(correct_algorithms())),
                         [](const ::testing::TestParamInfo<AlgorithmSize>& info) { return case_name(info.param); });

TEST(GpuScanLargerBlocks, TraceEqualsEmulatorAndUntracedComputesTheScan) {
    PL_REQUIRE_GPU();
    for (BlockAlgorithm algorithm : correct_algorithms())
        for (int n : {33, 100, 1000})
            for (const Config& c : {Config{ElementType::int32, ScanOperator::add, false},
                                    Config{ElementType::float32, ScanOperator::max, true},
                                    Config{ElementType::uint32, ScanOperator::min, false}}) {
                if (!takes(algorithm, c))
                    continue;
                ScanSetup request = capture_request(algorithm, n, c, DeviceChoice::gpu);
                request.block_threads = 1024;
                const Trace on_gpu = capture_trace(request).trace;
                request.device = DeviceChoice::cpu;
                const Trace emulated = capture_trace(request).trace;
                EXPECT_EQ(on_gpu.config.block_threads, 1024);
                if (!is_schedule_dependent(algorithm))
                    EXPECT_EQ(first_difference(on_gpu, emulated), "") << name_of(algorithm) << " n=" << n << " " << describe_config(c);
                EXPECT_EQ(on_gpu.check.wrong_count, 0u) << name_of(algorithm) << " n=" << n << " " << describe_config(c);
                BlockRequest untraced = make_request(algorithm, n, InputKind::random, 5, c.type, c.op, c.exclusive);
                untraced.block_threads = 1024;
                EXPECT_EQ(check_kernel_output(kind_of(algorithm), c.type, c.op, c.exclusive, untraced.input,
                                              gpu_run_block_scan(untraced), KeepPredicate{})
                              .wrong_count,
                          0u)
                    << name_of(algorithm) << " n=" << n << " " << describe_config(c);
            }
}

TEST(GpuRacyHillisSteele, ReportsWhatTheHardwareDid) {
    PL_REQUIRE_GPU();
    for (int n : sizes_for(kernel_id("hillis-steele-racy"))) {
        const Trace on_gpu = capture_trace(make_capture(kernel_id("hillis-steele-racy"), n, InputKind::random,
                                                        3, DeviceChoice::gpu))
                                 .trace;
        const Trace emulated = capture_trace(make_capture(kernel_id("hillis-steele-racy"), n,
                                                          InputKind::random, 3, DeviceChoice::cpu))
                                   .trace;
        BlockRequest request = make_request(kernel_id("hillis-steele-racy"), n, InputKind::random, 3);
        const std::size_t untraced_wrong =
            check_output(request.type, request.op, false, request.input, gpu_run_block_scan(request)).wrong_count;
        std::printf("racy n=%4d: GPU traced %4zu of %4d elements wrong, GPU untraced %4zu wrong, emulator %4zu wrong\n",
                    n, on_gpu.check.wrong_count, n, untraced_wrong, emulated.check.wrong_count);
        EXPECT_EQ(on_gpu.steps.size(), emulated.steps.size()) << "same steps, whatever the race did";
        EXPECT_EQ(on_gpu.output.size(), static_cast<std::size_t>(n));
    }
}

// --- the subset run under compute-sanitizer (memcheck, racecheck) by tools/gpu_check.sh ---

void run_traced_and_untraced(BlockAlgorithm algorithm) {
    for (int n : {33, 1000, block_max_n(algorithm)})
        for (const Config& c : {Config{ElementType::int32, ScanOperator::add, false},
                                Config{ElementType::float32, ScanOperator::max, true},
                                Config{ElementType::uint32, ScanOperator::add, false}}) {
            if (!takes(algorithm, c) || (c.type == ElementType::uint32 && !takes_head_flags(algorithm)))
                continue; // uint32 for the segmented scans alone: the others' two configurations as before
            const Trace trace = capture_trace(capture_request(algorithm, n, c, DeviceChoice::gpu)).trace;
            const BlockRequest request = make_request(algorithm, n, InputKind::random, 7, c.type, c.op, c.exclusive);
            const std::vector<std::uint32_t> output = gpu_run_block_scan(request);
            if (algorithm != kernel_id("hillis-steele-racy")) {
                EXPECT_EQ(trace.check.wrong_count, 0u) << describe_config(c) << " n=" << n;
                EXPECT_EQ(check_kernel_output(kind_of(algorithm), c.type, c.op, c.exclusive, request.input, output,
                                              KeepPredicate{})
                              .wrong_count,
                          0u);
            }
        }
}

TEST(GpuSanitized, HillisSteele) {
    PL_REQUIRE_GPU();
    run_traced_and_untraced(kernel_id("hillis-steele"));
}
TEST(GpuSanitized, HillisSteeleDoubleBuffer) {
    PL_REQUIRE_GPU();
    run_traced_and_untraced(kernel_id("hillis-steele-double-buffer"));
}
TEST(GpuSanitized, Blelloch) {
    PL_REQUIRE_GPU();
    run_traced_and_untraced(kernel_id("blelloch"));
}
TEST(GpuSanitized, BlellochPadded) {
    PL_REQUIRE_GPU();
    run_traced_and_untraced(kernel_id("blelloch-padded"));
}
TEST(GpuSanitized, WarpShuffle) {
    PL_REQUIRE_GPU();
    run_traced_and_untraced(kernel_id("warp-shuffle"));
}
TEST(GpuSanitized, BlockSegmentedScans) {
    PL_REQUIRE_GPU();
    run_traced_and_untraced(kernel_id("segmented-hillis-steele"));
    run_traced_and_untraced(kernel_id("segmented-warp-shuffle"));
}
TEST(GpuSanitized, EveryReduction) {
    PL_REQUIRE_GPU();
    for (BlockAlgorithm algorithm : reductions()) // the correct ones: the quiz's hangs (tests/gpu/test_gpu_quiz.cpp)
        run_traced_and_untraced(algorithm);
}
TEST(GpuSanitized, RacyHillisSteele) {
    PL_REQUIRE_GPU();
    run_traced_and_untraced(kernel_id("hillis-steele-racy"));
}

} // namespace
} // namespace prefixlab::test
