// Compare mode (issue 12): the steps two traces are shown at together, and the differences marked.
// A trace beside itself differs nowhere; the racy kernel beside its correct twin differs exactly at
// its wrong outputs (checked against the trace's own output check, not against the comparison's
// arithmetic); plain and padded Blelloch hold the same values at every step (the padding words are
// mapped away) but not the same bank conflicts.
#include "core/ground/kernel_facts.hpp"
#include "core/analysis/trace_comparison.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/ground/kernel_names.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

namespace prefixlab::test {
namespace {

std::unique_ptr<LoadedTrace> loaded(BlockAlgorithm algorithm, int n, WarpOrder order = WarpOrder::in_order) {
    ScanSetup setup = make_capture(algorithm, n, InputKind::random, 11, DeviceChoice::cpu);
    setup.warp_order = order;
    return prepare_for_display(capture_trace(setup).trace, "test");
}

int marked(const std::vector<std::uint8_t>& flags) { return std::accumulate(flags.begin(), flags.end(), 0); }

int marked_cells(const ComparisonSide& side) {
    int count = 0;
    for (const auto& row : side.cell_differs)
        count += marked(row);
    return count;
}

TEST(TraceComparison, ATraceBesideItselfDiffersNowhere) {
    for (const BlockAlgorithm algorithm : traceable_block_algorithms())
        for (const int n : {1, 8, 33, 1024}) {
            const auto trace = loaded(algorithm, n);
            const TraceComparison c = compare_traces(*trace, *trace);
            SCOPED_TRACE(std::string(name_of(algorithm)) + " n=" + std::to_string(n));
            for (const ComparisonSide& side : c.sides) {
                ASSERT_EQ(side.paired_step.size(), trace->trace.steps.size());
                for (std::size_t k = 0; k < side.paired_step.size(); ++k)
                    EXPECT_EQ(side.paired_step[k], static_cast<int>(k));
                EXPECT_EQ(marked_cells(side), 0);
                EXPECT_EQ(marked(side.node_differs), 0);
                EXPECT_EQ(marked(side.conflicts_differ), 0);
                EXPECT_EQ(side.first_differing_step, -1);
            }
            EXPECT_EQ(c.outputs_differing, 0);
            EXPECT_EQ(c.output_differs.size(), trace->trace.output.size());
        }
}

TEST(TraceComparison, TheRacyKernelDiffersFromItsTwinExactlyAtItsWrongOutputs) {
    for (const int n : {16, 64, 1024}) {
        const auto racy = loaded(kernel_id("hillis-steele-racy"), n, WarpOrder::interleaved);
        const auto correct = loaded(kernel_id("hillis-steele"), n);
        ASSERT_EQ(correct->trace.check.wrong_count, 0u);
        ASSERT_GT(racy->trace.check.wrong_count, 0u) << "n=" << n << ": the interleaved order shows the race";
        const TraceComparison c = compare_traces(*racy, *correct);
        EXPECT_EQ(c.outputs_differing, static_cast<int>(racy->trace.check.wrong_count));
        for (std::size_t e = 0; e < c.output_differs.size(); ++e)
            EXPECT_EQ(c.output_differs[e], racy->trace.check.wrong[e]) << "element " << e;
        // The racy kernel's shared words after its last iteration are its outputs (inclusive scan):
        // its last step marks exactly the wrong elements' words (one buffer, no padding: word = element).
        const ComparisonSide& side = c.sides[0];
        const std::vector<std::uint8_t>& last = side.cell_differs.back();
        ASSERT_EQ(last.size(), static_cast<std::size_t>(n));
        for (int e = 0; e < n; ++e)
            EXPECT_EQ(last[e], racy->trace.check.wrong[e]) << "n=" << n << " element " << e;
        // Output nodes of the dataflow: marked exactly where the output is wrong.
        int wrong_output_nodes = 0;
        for (std::size_t i = 0; i < racy->dataflow.nodes.size(); ++i)
            if (racy->dataflow.nodes[i].kind == NodeKind::output && side.node_differs[i] != 0) {
                ++wrong_output_nodes;
                EXPECT_EQ(racy->trace.check.wrong[racy->dataflow.nodes[i].column], 1);
            }
        EXPECT_EQ(wrong_output_nodes, static_cast<int>(racy->trace.check.wrong_count));
        EXPECT_GT(side.first_differing_step, 0);
        EXPECT_NE(c.summary.find("outputs differ at " + std::to_string(c.outputs_differing) + " of " +
                                 std::to_string(n)),
                  std::string::npos)
            << c.summary;
    }
}

TEST(TraceComparison, StepsArePairedIterationForIteration) {
    // In place: read and write, two steps an iteration; racy: one. Each racy iteration is shown with
    // the correct kernel's write of the same iteration, and each correct step with the racy iteration.
    const auto racy = loaded(kernel_id("hillis-steele-racy"), 64);
    const auto correct = loaded(kernel_id("hillis-steele"), 64);
    const std::vector<int> racy_to_correct = pair_steps(racy->trace, correct->trace);
    const std::vector<int> correct_to_racy = pair_steps(correct->trace, racy->trace);
    ASSERT_LT(racy->trace.steps.size(), correct->trace.steps.size());
    for (std::size_t k = 0; k < racy_to_correct.size(); ++k) {
        const StepTag& mine = racy->trace.steps[k].tag;
        const int p = racy_to_correct[k];
        EXPECT_EQ(correct->trace.steps[p].tag.level, mine.level) << "racy step " << k;
        EXPECT_EQ(correct->trace.steps[p].tag.offset, mine.offset) << "racy step " << k;
        if (mine.phase == phase_id("racy-step"))
            EXPECT_EQ(correct->trace.steps[p].tag.phase, phase_id("scan-write")) << "racy step " << k;
    }
    for (std::size_t k = 0; k < correct_to_racy.size(); ++k)
        EXPECT_EQ(racy->trace.steps[correct_to_racy[k]].tag.level, correct->trace.steps[k].tag.level) << k;
    EXPECT_TRUE(std::is_sorted(racy_to_correct.begin(), racy_to_correct.end()));
    EXPECT_TRUE(std::is_sorted(correct_to_racy.begin(), correct_to_racy.end()));
}

TEST(TraceComparison, PaddingIsMappedAwaySoBothBlellochLayoutsHoldTheSameValues) {
    const auto plain = loaded(kernel_id("blelloch"), 256);
    const auto padded = loaded(kernel_id("blelloch-padded"), 256);
    const TraceComparison c = compare_traces(*plain, *padded);
    for (const ComparisonSide& side : c.sides) {
        EXPECT_EQ(marked_cells(side), 0);
        EXPECT_EQ(marked(side.node_differs), 0);
    }
    EXPECT_EQ(c.outputs_differing, 0);
    ASSERT_NE(plain->banks.total, padded->banks.total) << "padding removes conflicts";
    EXPECT_GT(marked(c.sides[0].conflicts_differ), 0);
    for (std::size_t k = 0; k < plain->banks.steps.size(); ++k)
        EXPECT_EQ(c.sides[0].conflicts_differ[k] != 0, !(plain->banks.steps[k] == padded->banks.steps[k])) << k;
}

TEST(TraceComparison, DifferentSizesCompareNoOutputs) {
    const auto small = loaded(kernel_id("hillis-steele"), 8);
    const auto large = loaded(kernel_id("hillis-steele"), 16);
    const TraceComparison c = compare_traces(*small, *large);
    EXPECT_TRUE(c.output_differs.empty());
    EXPECT_NE(c.summary.find("different N"), std::string::npos) << c.summary;
}

} // namespace
} // namespace prefixlab::test
