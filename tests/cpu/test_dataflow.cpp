// The dataflow diagram's graph, built from traces alone: Blelloch N=8 is exactly the textbook tree
// (GPU Gems 3 ch. 39, figures 39-2 and 39-4, written out by hand below), and for every algorithm and
// configuration each output's input range is x0..xi (inclusive) or x0..x(i-1) (exclusive).
#include "core/ground/kernel_facts.hpp"
#include "core/analysis/dataflow.hpp"
#include "core/capture/trace_capture.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

namespace prefixlab::test {
namespace {

using Endpoint = std::tuple<std::string, int>; // (row name, element)
using Edge = std::pair<Endpoint, Endpoint>;

std::string row_name(const Trace& trace, int row) {
    if (row < 0)
        return "input";
    const StepTag& tag = trace.steps[row].tag;
    switch (tag.phase) {
    case phase_id("load"):
        return "load";
    case phase_id("up-sweep"):
        return "up" + std::to_string(tag.level);
    case phase_id("clear-root"):
        return "clear";
    case phase_id("down-sweep"):
        return "down" + std::to_string(tag.level);
    case phase_id("store"):
        return "store";
    default:
        return "other";
    }
}

std::set<Edge> tree_edges(const Trace& trace, const DataflowGraph& graph) {
    std::set<Edge> edges;
    for (const DataflowEdge& e : graph.edges) {
        const DataflowNode& from = graph.nodes[e.from];
        const DataflowNode& to = graph.nodes[e.to];
        const std::string to_row = row_name(trace, to.row);
        if (to_row.rfind("up", 0) == 0 || to_row.rfind("down", 0) == 0 || to_row == "clear")
            edges.insert({{row_name(trace, from.row), from.column}, {to_row, to.column}});
    }
    return edges;
}

TEST(Dataflow, BlellochEightIsTheTextbookTree) {
    const Trace trace =
        capture_trace(make_capture(kernel_id("blelloch"), 8, InputKind::iota, 1, DeviceChoice::cpu)).trace;
    const DataflowGraph graph = build_dataflow(trace);
    // Up-sweep (reduce): each node sums its two children. Down-sweep: the left child gets the
    // parent's prefix, the right child the parent's prefix plus the left child's old sum.
    const std::set<Edge> expected = {
        // up-sweep d=0, stride 1
        {{"load", 0}, {"up0", 1}}, {{"load", 1}, {"up0", 1}}, {{"load", 2}, {"up0", 3}}, {{"load", 3}, {"up0", 3}},
        {{"load", 4}, {"up0", 5}}, {{"load", 5}, {"up0", 5}}, {{"load", 6}, {"up0", 7}}, {{"load", 7}, {"up0", 7}},
        // up-sweep d=1, stride 2
        {{"up0", 1}, {"up1", 3}}, {{"up0", 3}, {"up1", 3}}, {{"up0", 5}, {"up1", 7}}, {{"up0", 7}, {"up1", 7}},
        // up-sweep d=2, stride 4
        {{"up1", 3}, {"up2", 7}}, {{"up1", 7}, {"up2", 7}},
        // (clear the root: no inputs)
        // down-sweep d=2, stride 4
        {{"clear", 7}, {"down2", 3}}, {{"up1", 3}, {"down2", 7}}, {{"clear", 7}, {"down2", 7}},
        // down-sweep d=1, stride 2
        {{"down2", 3}, {"down1", 1}}, {{"up0", 1}, {"down1", 3}}, {{"down2", 3}, {"down1", 3}},
        {{"down2", 7}, {"down1", 5}}, {{"up0", 5}, {"down1", 7}}, {{"down2", 7}, {"down1", 7}},
        // down-sweep d=0, stride 1
        {{"down1", 1}, {"down0", 0}}, {{"load", 0}, {"down0", 1}}, {{"down1", 1}, {"down0", 1}},
        {{"down1", 3}, {"down0", 2}}, {{"load", 2}, {"down0", 3}}, {{"down1", 3}, {"down0", 3}},
        {{"down1", 5}, {"down0", 4}}, {{"load", 4}, {"down0", 5}}, {{"down1", 5}, {"down0", 5}},
        {{"down1", 7}, {"down0", 6}}, {{"load", 6}, {"down0", 7}}, {{"down1", 7}, {"down0", 7}},
    };
    EXPECT_EQ(tree_edges(trace, graph), expected);
}

TEST(Dataflow, BlellochNodesCarryTheirInputRanges) {
    const Trace trace =
        capture_trace(make_capture(kernel_id("blelloch"), 8, InputKind::iota, 1, DeviceChoice::cpu)).trace;
    const DataflowGraph graph = build_dataflow(trace);
    std::map<Endpoint, std::string> ranges;
    for (const DataflowNode& node : graph.nodes)
        ranges[{row_name(trace, node.row), node.column}] = describe(node.range);
    EXPECT_EQ(ranges[Endpoint("up0", 5)], "x4..x5");
    EXPECT_EQ(ranges[Endpoint("up1", 7)], "x4..x7");
    EXPECT_EQ(ranges[Endpoint("up2", 7)], "x0..x7");
    EXPECT_EQ(ranges[Endpoint("clear", 7)], "∅");
    EXPECT_EQ(ranges[Endpoint("down0", 0)], "∅");
    EXPECT_EQ(ranges[Endpoint("down0", 5)], "x0..x4");
}

class DataflowRanges : public ::testing::TestWithParam<BlockAlgorithm> {};

TEST_P(DataflowRanges, EveryOutputCombinesExactlyItsPrefix) {
    for (int n : {1, 5, 33, 100})
        for (bool exclusive : {false, true})
            for (ScanOperator op : all_scan_operators()) {
                ScanSetup request = make_capture(GetParam(), n, InputKind::random, 2, DeviceChoice::cpu);
                request.exclusive = exclusive;
                request.op = op;
                const Trace trace = capture_trace(request).trace;
                const DataflowGraph graph = build_dataflow(trace);
                int outputs = 0;
                for (const DataflowNode& node : graph.nodes) {
                    if (node.kind != NodeKind::output)
                        continue;
                    ++outputs;
                    const InputRange expected = exclusive ? (node.column == 0 ? InputRange::empty() : InputRange{0, node.column - 1})
                                                          : InputRange{0, node.column};
                    EXPECT_EQ(describe(node.range), describe(expected))
                        << name_of(GetParam()) << " n=" << n << (exclusive ? " exclusive " : " inclusive ")
                        << name_of(op) << " output " << node.column;
                }
                EXPECT_EQ(outputs, n);
                for (const DataflowEdge& e : graph.edges)
                    ASSERT_FALSE(e.racy) << name_of(GetParam()) << " n=" << n << ": no race in a correct kernel";
            }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, DataflowRanges, ::testing::ValuesIn(correct_scans()),
                         [](const ::testing::TestParamInfo<BlockAlgorithm>& info) {
                             std::string name(name_of(info.param));
                             for (char& c : name)
                                 if (c == '-')
                                     c = '_';
                             return name;
                         });

TEST(Dataflow, WarpShuffleLanesReadTheirShuffleSources) {
    const Trace trace =
        capture_trace(make_capture(kernel_id("warp-shuffle"), 8, InputKind::iota, 1, DeviceChoice::cpu))
            .trace;
    const DataflowGraph graph = build_dataflow(trace);
    // round 1 (delta 1): lane 3's register combines lane 2's and its own previous register
    int lane3_round1 = -1;
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        const DataflowNode& node = graph.nodes[i];
        if (node.kind == NodeKind::register_value && node.column == 3 && node.row > 0 &&
            trace.steps[node.row].tag.phase == phase_id("warp-shuffle") &&
            trace.steps[node.row].tag.offset == 1)
            lane3_round1 = static_cast<int>(i);
    }
    ASSERT_GE(lane3_round1, 0);
    std::set<int> from_columns;
    for (const DataflowEdge& e : graph.edges)
        if (e.to == static_cast<std::uint32_t>(lane3_round1))
            from_columns.insert(graph.nodes[e.from].column);
    EXPECT_EQ(from_columns, (std::set<int>{2, 3}));
    EXPECT_EQ(describe(graph.nodes[lane3_round1].range), "x2..x3");
}

TEST(Dataflow, RacyReadsAreMarked) {
    const Trace trace = capture_trace(make_capture(kernel_id("hillis-steele-racy"), 64, InputKind::ones, 1,
                                                   DeviceChoice::cpu))
                            .trace;
    const DataflowGraph graph = build_dataflow(trace);
    std::size_t racy = 0;
    for (const DataflowEdge& e : graph.edges)
        racy += e.racy;
    EXPECT_GT(racy, 0u);
    std::size_t not_ranges = 0;
    for (const DataflowNode& node : graph.nodes)
        not_ranges += node.kind == NodeKind::output && !node.range.is_valid();
    EXPECT_GT(not_ranges, 0u) << "a wrong output does not combine a contiguous prefix";
}

// The nodes are in row order, inputs (row −1) first, for every kernel: a trace comparison finds a
// column's value at a row by searching them (trace_comparison.cpp). Kernels whose first step writes
// a value other than the one it read (a reduction's share of several elements) once put their
// writes before the inputs.
TEST(Dataflow, NodesAreInRowOrderForEveryKernel) {
    for (BlockAlgorithm algorithm : traceable_block_algorithms())
        for (int n : {8, 1000}) {
            const Trace trace =
                capture_trace(make_capture(algorithm, n, InputKind::random, 5, DeviceChoice::cpu)).trace;
            const DataflowGraph graph = build_dataflow(trace);
            ASSERT_FALSE(graph.nodes.empty()) << name_of(algorithm);
            for (std::size_t i = 1; i < graph.nodes.size(); ++i)
                ASSERT_LE(graph.nodes[i - 1].row, graph.nodes[i].row) << name_of(algorithm) << " n=" << n << " node " << i;
        }
}

TEST(InputRanges, UnionsThatAreEvenlySpacedSetsAndThoseThatAreNot) {
    const InputRange x0 = InputRange::single(0), x4 = InputRange::single(4), x8 = InputRange::single(8);
    EXPECT_EQ(describe(combine(x0, InputRange::single(1))), "x0..x1");
    EXPECT_EQ(describe(combine(x4, x0)), "x0,x4") << "order does not matter";
    EXPECT_EQ(describe(combine(combine(x0, x4), x8)), "x0,x4,…x8");
    EXPECT_EQ(describe(combine(InputRange{0, 8, 8}, InputRange{4, 12, 8})), "x0,x4,…x12") << "interleaved halves";
    EXPECT_EQ(describe(combine(InputRange{0, 3}, InputRange{4, 7})), "x0..x7");
    EXPECT_EQ(describe(combine(InputRange{0, 8, 4}, InputRange{2, 6, 4})), "x0,x2,…x8") << "one fewer in the later half";
    EXPECT_EQ(describe(combine(InputRange::empty(), x4)), "x4");
    EXPECT_EQ(describe(combine(InputRange::empty(), InputRange::empty())), "∅");
    // not one evenly spaced set of distinct inputs
    EXPECT_EQ(describe(combine(x4, x4)), "?") << "an input twice";
    EXPECT_EQ(describe(combine(InputRange{0, 3}, InputRange{2, 5})), "?") << "overlapping";
    EXPECT_EQ(describe(combine(InputRange{0, 3}, InputRange::single(5))), "?") << "a gap";
    EXPECT_EQ(describe(combine(InputRange{0, 8, 4}, InputRange{1, 7, 2})), "?") << "different spacing";
    EXPECT_EQ(describe(combine(InputRange{0, 8, 8}, InputRange{3, 11, 8})), "?") << "not halfway";
    EXPECT_EQ(describe(combine(InputRange::invalid(), x4)), "?");
}

// Every value of every block reduction combines an evenly spaced set of inputs, and the total all of
// them: the trees of Harris's kernels and the shuffle reductions, labelled without a "?".
TEST(DataflowReductions, EveryValueCombinesAnEvenlySpacedSetAndTheTotalAll) {
    for (BlockAlgorithm algorithm : reductions())
        for (int n : {16, 64, 100}) {
            const Trace trace = capture_trace(make_capture(algorithm, n, InputKind::iota, 1, DeviceChoice::cpu)).trace;
            // A thread's share of more than two inputs (kernel 7 and the shuffle reductions above two
            // elements a thread) is recorded without its sources, which a write holds at most two of
            // (strided_share, kernels/block/reduce_steps.cuh): its inputs are not known to the trace.
            if (n > 2 * trace.config.block_threads)
                continue;
            const DataflowGraph graph = build_dataflow(trace);
            int outputs = 0;
            for (const DataflowNode& node : graph.nodes) {
                EXPECT_TRUE(node.range.is_valid()) << name_of(algorithm) << " n=" << n << " row " << node.row
                                                   << " column " << node.column;
                if (node.kind == NodeKind::output) {
                    ++outputs;
                    EXPECT_EQ(describe(node.range), "x0..x" + std::to_string(n - 1)) << name_of(algorithm) << " n=" << n;
                }
            }
            EXPECT_EQ(outputs, 1) << name_of(algorithm) << " n=" << n;
        }
}

// Harris's kernel 3 (sequential addressing) at N = 16: after the stride-8 step element i holds x_i and
// x_i+8; after the stride-4 step x_i, x_i+4, x_i+8, x_i+12.
TEST(DataflowReductions, SequentialAddressingLabelsItsStridedSets) {
    const Trace trace =
        capture_trace(make_capture(kernel_id("reduce-sequential"), 16, InputKind::iota, 1, DeviceChoice::cpu))
            .trace;
    const DataflowGraph graph = build_dataflow(trace);
    std::set<std::string> labels;
    for (const DataflowNode& node : graph.nodes)
        if (node.kind == NodeKind::shared_write && node.column == 3)
            labels.insert(describe(node.range));
    EXPECT_TRUE(labels.contains("x3,x11")) << ::testing::PrintToString(labels);
    EXPECT_TRUE(labels.contains("x3,x7,…x15")) << ::testing::PrintToString(labels);
}

} // namespace
} // namespace prefixlab::test
