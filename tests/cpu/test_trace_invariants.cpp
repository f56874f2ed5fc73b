// Structure of emulated Hillis–Steele traces: ceil(log2 N) iterations with offsets 1, 2, 4, …; every
// snapshot consistent with the writes before it; reads see the values the snapshots hold; labels and
// source lines present.
#include "core/trace/step_label.hpp"
#include "support/scan_test_support.hpp"
#include "support/trace_checks.hpp"

#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

int ceil_log2(int n) {
    int levels = 0;
    while ((1 << levels) < n)
        ++levels;
    return levels;
}

class HillisSteeleTrace : public ::testing::TestWithParam<int> {
protected:
    Trace capture() const {
        return capture_trace(make_capture(BlockAlgorithm::hillis_steele, GetParam(), InputKind::random, 5,
                                          DeviceChoice::cpu))
            .trace;
    }
};

TEST_P(HillisSteeleTrace, HasCeilLog2NIterationsWithDoublingOffsets) {
    const Trace trace = capture();
    const int n = GetParam();
    std::vector<std::uint32_t> read_offsets, write_offsets;
    for (const TraceStep& step : trace.steps) {
        if (step.tag.phase == Phase::scan_read)
            read_offsets.push_back(step.tag.offset);
        if (step.tag.phase == Phase::scan_write)
            write_offsets.push_back(step.tag.offset);
    }
    ASSERT_EQ(static_cast<int>(read_offsets.size()), ceil_log2(n));
    EXPECT_EQ(read_offsets, write_offsets);
    for (std::size_t d = 0; d < read_offsets.size(); ++d)
        EXPECT_EQ(read_offsets[d], 1u << d);
    // load, two steps per iteration, store
    EXPECT_EQ(trace.steps.size(), 2u + 2u * read_offsets.size());
    EXPECT_EQ(trace.steps.front().tag.phase, Phase::load);
    EXPECT_EQ(trace.steps.back().tag.phase, Phase::store);
}

TEST_P(HillisSteeleTrace, EverySnapshotFollowsFromTheWritesBeforeIt) {
    const Trace trace = capture();
    for (const TraceStep& step : trace.steps)
        EXPECT_TRUE(step.shared_taken) << "Hillis–Steele ends every step at a barrier";
    EXPECT_EQ(check_snapshots_follow_writes(trace), "");
    EXPECT_EQ(check_reads_see_snapshots(trace), "");
}

TEST_P(HillisSteeleTrace, WritesHappenOnlyInLoadAndWriteSteps) {
    const Trace trace = capture();
    const int n = GetParam();
    std::size_t writes = 0;
    for (const AccessRecord& a : trace.accesses) {
        if (a.kind != AccessKind::write)
            continue;
        ++writes;
        const Phase phase = trace.steps[a.step].tag.phase;
        EXPECT_TRUE(phase == Phase::load || phase == Phase::scan_write) << step_label(trace.steps[a.step].tag);
        if (phase == Phase::scan_write)
            EXPECT_GE(static_cast<std::uint32_t>(a.thread), trace.steps[a.step].tag.offset)
                << "threads below the offset are idle";
    }
    // load writes n words; iteration with offset o writes n - o words
    std::size_t expected = n;
    for (std::uint32_t o = 1; o < static_cast<std::uint32_t>(n); o *= 2)
        expected += n - o;
    EXPECT_EQ(writes, expected);
}

TEST_P(HillisSteeleTrace, StepsCarryLabelsAndSourceLines) {
    const Trace trace = capture();
    for (const TraceStep& step : trace.steps) {
        EXPECT_GT(step.tag.line, 0u);
        EXPECT_FALSE(step_label(step.tag).empty());
    }
    if (trace.steps.size() > 2)
        EXPECT_EQ(step_label(trace.steps[1].tag), "iteration 1, offset 1: read partner");
    EXPECT_EQ(trace.config.kernel_source, "kernels/block/hillis_steele.cuh");
    EXPECT_TRUE(trace.config.emulated);
}

INSTANTIATE_TEST_SUITE_P(Sizes, HillisSteeleTrace, ::testing::ValuesIn(kHillisSteeleSizes));

} // namespace
} // namespace prefixlab::test
