// The structure of emulated traces, per algorithm: Hillis–Steele's ceil(log2 N) iterations with
// doubling offsets, Blelloch's log2(padded N) levels each way, five shuffle rounds per warp scan;
// every snapshot follows from the writes before it; reads see what the snapshots hold; and the racy
// variant goes wrong, the same way on every run.
#include "core/ground/step_label.hpp"
#include "kernels/block/blelloch.cuh"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"
#include "support/trace_checks.hpp"

#include <algorithm>
#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

int ceil_log2(int n) {
    int levels = 0;
    while ((1 << levels) < n)
        ++levels;
    return levels;
}

Trace emulated_trace(BlockAlgorithm algorithm, int n, std::uint64_t seed = 5) {
    return capture_trace(make_capture(algorithm, n, InputKind::random, seed, DeviceChoice::cpu)).trace;
}

std::vector<std::uint32_t> offsets_of(const Trace& trace, Phase phase) {
    std::vector<std::uint32_t> offsets;
    for (const TraceStep& step : trace.steps)
        if (step.tag.phase == phase)
            offsets.push_back(step.tag.offset);
    return offsets;
}

std::vector<std::uint32_t> powers_of_two(int count, bool descending = false) {
    std::vector<std::uint32_t> values;
    for (int d = 0; d < count; ++d)
        values.push_back(1u << d);
    if (descending)
        std::reverse(values.begin(), values.end());
    return values;
}

class TraceStructure : public ::testing::TestWithParam<AlgorithmSize> {};

TEST_P(TraceStructure, SnapshotsFollowWritesAndReadsSeeSnapshots) {
    const auto [algorithm, n] = GetParam();
    const Trace trace = emulated_trace(algorithm, n);
    EXPECT_EQ(check_snapshots_follow_writes(trace), "");
    EXPECT_EQ(check_reads_see_snapshots(trace), "");
    EXPECT_EQ(trace.check.wrong_count, 0u);
    for (const TraceStep& step : trace.steps) {
        EXPECT_GT(step.tag.line, 0u);
        EXPECT_FALSE(step_label(step.tag).empty());
    }
    EXPECT_EQ(trace.steps.front().tag.opening, StepOpening::kernel_start);
}

TEST_P(TraceStructure, LevelsMatchTheAlgorithm) {
    const auto [algorithm, n] = GetParam();
    const Trace trace = emulated_trace(algorithm, n);
    const int iterations = ceil_log2(n);
    switch (algorithm) {
    case kernel_id("hillis-steele"):
        EXPECT_EQ(offsets_of(trace, phase_id("scan-read")), powers_of_two(iterations));
        EXPECT_EQ(offsets_of(trace, phase_id("scan-write")), powers_of_two(iterations));
        EXPECT_EQ(trace.steps.size(), 2u + 2u * iterations);
        break;
    case kernel_id("hillis-steele-double-buffer"):
        EXPECT_EQ(offsets_of(trace, phase_id("scan-step")), powers_of_two(iterations));
        EXPECT_EQ(trace.steps.size(), 2u + iterations) << "one barrier per iteration";
        break;
    case kernel_id("hillis-steele-racy"):
        EXPECT_EQ(offsets_of(trace, phase_id("racy-step")), powers_of_two(iterations));
        break;
    case kernel_id("blelloch"):
    case kernel_id("blelloch-padded"): {
        const int levels = ceil_log2(BlellochScan<false>::padded_n(n));
        EXPECT_EQ(offsets_of(trace, phase_id("up-sweep")), powers_of_two(levels));
        EXPECT_EQ(offsets_of(trace, phase_id("down-sweep")), powers_of_two(levels, true));
        EXPECT_EQ(offsets_of(trace, phase_id("clear-root")).size(), 1u);
        EXPECT_EQ(trace.config.block_threads, BlellochScan<false>::padded_n(n) / 2) << "two elements per thread";
        break;
    }
    case kernel_id("warp-shuffle"):
        EXPECT_EQ(offsets_of(trace, phase_id("warp-shuffle")), (std::vector<std::uint32_t>{1, 2, 4, 8, 16}));
        EXPECT_EQ(offsets_of(trace, phase_id("totals-shuffle")),
                  (std::vector<std::uint32_t>{1, 2, 4, 8, 16}));
        EXPECT_TRUE(trace.config.records_registers);
        // A step that ends at a shuffle has no block-wide snapshot (warps are not synchronised there);
        // every other step ends at a barrier or the kernel's end and has one.
        for (std::size_t k = 0; k < trace.steps.size(); ++k) {
            const bool ends_at_shuffle =
                k + 1 < trace.steps.size() && trace.steps[k + 1].tag.opening == StepOpening::shuffle;
            EXPECT_EQ(trace.steps[k].shared_taken, !ends_at_shuffle) << "step " << k;
        }
        break;
    }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, TraceStructure, ::testing::ValuesIn(algorithm_sizes(correct_algorithms())),
                         [](const ::testing::TestParamInfo<AlgorithmSize>& info) { return case_name(info.param); });

TEST(TraceStructure, PaddedBlellochSpreadsEveryThirtyTwoWords) {
    const Trace plain = emulated_trace(kernel_id("blelloch"), 2048);
    const Trace padded = emulated_trace(kernel_id("blelloch-padded"), 2048);
    EXPECT_EQ(plain.config.shared_words, 2048u);
    EXPECT_EQ(padded.config.shared_words, 2048u + 2048u / 32u - 1u) << "index + index / 32 for index 0..2047";
    // words 32, 65, 98, … are the padding: never written
    for (const AccessRecord& a : padded.accesses)
        if (is_shared_access(a))
            EXPECT_NE((a.word + 1) % 33, 0u) << "padding word " << a.word << " accessed";
    EXPECT_EQ(plain.output, padded.output);
}

TEST(TraceStructure, WarpShuffleRecordsWhichLaneEachLaneReadFrom) {
    const Trace trace = emulated_trace(kernel_id("warp-shuffle"), 70);
    std::size_t shuffles = 0;
    for (const AccessRecord& a : trace.accesses) {
        if (a.buffer != kShuffleSource)
            continue;
        ++shuffles;
        const std::uint32_t delta = trace.steps[a.step].tag.offset;
        const std::uint32_t expected = lane_of(a.thread) >= delta ? a.thread - delta : a.thread;
        EXPECT_EQ(a.word, expected) << "thread " << a.thread << " delta " << delta;
    }
    // 70 threads, 5 rounds each; warp 0 (32 lanes) 5 more rounds for the totals
    EXPECT_EQ(shuffles, 70u * 5u + 32u * 5u);
}

TEST(RacyHillisSteele, EmulatedOutputIsWrongFromTwoWarpsOnAndTheSameEveryRun) {
    for (int n : {64, 100, 1000, 1024}) {
        const Trace first = emulated_trace(kernel_id("hillis-steele-racy"), n, 3);
        EXPECT_GT(first.check.wrong_count, 0u) << "n = " << n;
        EXPECT_NE(first.output, reference_scan(ElementType::int32, ScanOperator::add, false, first.input));
        for (int run = 0; run < 2; ++run)
            EXPECT_EQ(first_difference(first, emulated_trace(kernel_id("hillis-steele-racy"), n, 3)), "")
                << "n = " << n << ": the emulator's interleaving is deterministic";
    }
    // Within one warp the lanes read before any writes: no race shows.
    EXPECT_EQ(emulated_trace(kernel_id("hillis-steele-racy"), 32).check.wrong_count, 0u);
}

} // namespace
} // namespace prefixlab::test

namespace prefixlab::test {
namespace {

// The settings panel and the Blelloch companion re-trace "like this trace": request_like must give
// back every setting a capture records, and keep what the base holds (device choice, block size).
TEST(TraceStructure, RequestLikeATraceGivesBackTheSettingsItWasCapturedWith) {
    ScanSetup request;
    request.algorithm = kernel_id("blelloch-padded");
    request.n = 37;
    request.type = ElementType::float32;
    request.op = ScanOperator::max;
    request.exclusive = true;
    request.input = InputKind::random;
    request.seed = 99;
    request.device = DeviceChoice::cpu;
    const Trace trace = capture_trace(request).trace;

    ScanSetup base;
    base.device = DeviceChoice::gpu;
    base.block_threads = 64;
    const ScanSetup like = request_like(trace, base);
    EXPECT_EQ(like.algorithm, request.algorithm);
    EXPECT_EQ(like.n, request.n);
    EXPECT_EQ(like.type, request.type);
    EXPECT_EQ(like.op, request.op);
    EXPECT_EQ(like.exclusive, request.exclusive);
    EXPECT_EQ(like.input, request.input);
    EXPECT_EQ(like.seed, request.seed);
    EXPECT_EQ(like.device, DeviceChoice::gpu);
    EXPECT_EQ(like.block_threads, 64);
}

} // namespace
} // namespace prefixlab::test
