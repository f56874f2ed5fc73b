// The block reductions (issue 15) in the emulator: every kernel of the catalogue whose kind is
// block_reduce, every element type and operator, N ∈ {1, 31, 33, 1000, 1024} and the kernel's largest,
// under every warp order and with a larger block than it needs, gives the CPU reference's total in
// output[0] and leaves every other output word unwritten; float sums within the bound of
// check_reduction_output, integers and max/min exactly. A tree of shared-memory additions takes
// ceil(log2 N) levels. Written over the catalogue, so that each new reduction is tested by its entry.
#include "core/capture/trace_capture.hpp"
#include "core/ground/output_check.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace prefixlab::test {
namespace {

const std::vector<BlockAlgorithm>& reductions() {
    static const std::vector<BlockAlgorithm> algorithms = [] {
        std::vector<BlockAlgorithm> all;
        for (BlockAlgorithm algorithm : all_block_algorithms())
            if (kind_of(algorithm) == KernelKind::block_reduce)
                all.push_back(algorithm);
        return all;
    }();
    return algorithms;
}

std::vector<int> reduction_sizes(BlockAlgorithm algorithm) {
    return {1, 2, 31, 33, 1000, 1024, block_max_n(algorithm)};
}

// The total the CPU computes, as the element's bits (the serial loop's order).
std::uint32_t serial_total(ElementType type, ScanOperator op, const std::vector<std::uint32_t>& input) {
    return reference_scan(type, op, false, input).back();
}

TEST(EmulatedReduction, TheCatalogueHasReductions) { EXPECT_FALSE(reductions().empty()); }

TEST(EmulatedReduction, EveryTypeOperatorAndSizeGivesTheTotalInOutputZero) {
    for (BlockAlgorithm algorithm : reductions())
        for (int n : reduction_sizes(algorithm))
            for (ElementType type : all_element_types())
                for (ScanOperator op : all_scan_operators()) {
                    const std::string what = std::string(name_of(algorithm)) + " n=" + std::to_string(n) + " " +
                                             std::string(name_of(type)) + " " + std::string(name_of(op));
                    const BlockScanRequest request = make_request(algorithm, n, InputKind::random, 3 + n, type, op);
                    const RawTrace raw = emulate_block_scan(request);
                    ASSERT_EQ(raw.output.size(), static_cast<std::size_t>(n)) << what;
                    const OutputCheck check = check_reduction_output(type, op, request.input, raw.output);
                    EXPECT_EQ(check.wrong_count, 0u) << what << ": output[0] " << raw.output[0] << ", reference "
                                                     << check.reference[0];
                    if (type != ElementType::float32 || op != ScanOperator::add)
                        EXPECT_EQ(raw.output[0], serial_total(type, op, request.input)) << what;
                    for (int i = 1; i < n; ++i)
                        ASSERT_EQ(raw.output[i], kUnwrittenPattern) << what << ": output " << i << " was written";
                }
}

// The check itself can fail: a wrong total, and a stray write past output[0].
TEST(EmulatedReduction, TheCheckFindsAWrongTotalAndAStrayWrite) {
    const std::vector<std::uint32_t> input = {1, 2, 3, 4};
    std::vector<std::uint32_t> output(4, kUnwrittenPattern);
    output[0] = 10;
    EXPECT_EQ(check_reduction_output(ElementType::uint32, ScanOperator::add, input, output).wrong_count, 0u);
    output[0] = 11;
    EXPECT_EQ(check_reduction_output(ElementType::uint32, ScanOperator::add, input, output).wrong_count, 1u);
    output[0] = 10;
    output[2] = 6;
    const OutputCheck stray = check_reduction_output(ElementType::uint32, ScanOperator::add, input, output);
    EXPECT_EQ(stray.wrong_count, 1u);
    EXPECT_EQ(stray.wrong[2], 1);
}

// A race-free reduction's result does not depend on the warps' schedule, and threads past the tree only
// meet the barriers.
TEST(EmulatedReduction, EveryWarpOrderAndALargerBlockGiveTheSameTotal) {
    for (BlockAlgorithm algorithm : reductions())
        for (int n : {33, 100, 1000})
            for (WarpOrder order : all_warp_orders())
                for (int threads : {0, 1024}) {
                    BlockScanRequest request = make_request(algorithm, n, InputKind::random, 8, ElementType::int32,
                                                            ScanOperator::add);
                    request.warp_order = order;
                    request.block_threads = threads;
                    const RawTrace raw = emulate_block_scan(request);
                    EXPECT_EQ(raw.output[0], serial_total(ElementType::int32, ScanOperator::add, request.input))
                        << name_of(algorithm) << " n=" << n << " " << name_of(order) << " threads=" << threads;
                }
}

// The tree's shape in the trace: ceil(log2 N) levels of additions (the steps opened by a barrier between
// the load and the store), each naming its stride, halving from the tree's width / 2 to 1.
TEST(EmulatedReduction, ATreeTakesLog2NLevels) {
    for (BlockAlgorithm algorithm : reductions())
        for (int n : {1, 2, 5, 32, 33, 1000, 1024}) {
            const Trace trace = capture_trace(make_capture(algorithm, n, InputKind::random, 1, DeviceChoice::cpu)).trace;
            EXPECT_EQ(trace.check.wrong_count, 0u) << name_of(algorithm) << " n=" << n;
            std::set<std::uint16_t> levels;
            std::vector<std::uint32_t> strides;
            for (const TraceStep& step : trace.steps)
                if (step.tag.level > 0 && levels.insert(step.tag.level).second)
                    strides.push_back(step.tag.offset);
            int expected = 0;
            while ((1 << expected) < n)
                ++expected;
            EXPECT_EQ(static_cast<int>(levels.size()), expected) << name_of(algorithm) << " n=" << n;
            for (std::size_t k = 0; k < strides.size(); ++k)
                EXPECT_EQ(strides[k], 1u << (expected - 1 - static_cast<int>(k)))
                    << name_of(algorithm) << " n=" << n << " level " << k + 1;
        }
}

} // namespace
} // namespace prefixlab::test
