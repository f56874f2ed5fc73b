// The block reductions (issue 15) in the emulator: every kernel of the catalogue whose kind is
// block_reduce, every element type and operator, N ∈ {1, 31, 33, 1000, 1024} and the kernel's largest,
// under every warp order and with a larger block than it needs, gives the CPU reference's total in
// output[0] and leaves every other output word unwritten; float sums within the bound of
// check_reduction_output, integers and max/min exactly; each kernel's trace has its tree's levels
// (Harris's kernels 1 to 3: ceil(log2 N); the shuffle reductions: five rounds a warp). Written over the
// catalogue, so that each new reduction is tested by its entry.
#include "core/capture/trace_capture.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/block_limits.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab::test {
namespace {

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
                    const BlockRequest request = make_request(algorithm, n, InputKind::random, 3 + n, type, op);
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
                    BlockRequest request = make_request(algorithm, n, InputKind::random, 8,
                                                        ElementType::int32, ScanOperator::add);
                    request.warp_order = order;
                    request.block_threads = threads;
                    const RawTrace raw = emulate_block_scan(request);
                    EXPECT_EQ(raw.output[0], serial_total(ElementType::int32, ScanOperator::add, request.input))
                        << name_of(algorithm) << " n=" << n << " " << name_of(order) << " threads=" << threads;
                }
}

// The tree's shape in the trace, per kernel, as (level, stride or shuffle δ) of every step that names
// a level, in order. Kernels 1 and 2: ceil(log2 N) levels, the stride doubling from 1; kernel 3: the
// same number, halving from the tree's width / 2; kernel 4: one level fewer (the first add is in the
// load); kernels 5 to 7: the shared-memory levels down to stride 64, then warp 0's five shuffle rounds
// (δ = 16 … 1); the shuffle reductions: five rounds in every warp, then five in warp 0 over the totals.
std::vector<std::pair<int, std::uint32_t>> expected_levels(BlockAlgorithm algorithm, int n) {
    std::vector<std::pair<int, std::uint32_t>> levels;
    const auto halving = [&](int threads, int above) {
        int level = 1;
        for (int stride = threads / 2; stride > above; stride /= 2)
            levels.push_back({level++, static_cast<std::uint32_t>(stride)});
    };
    const auto shuffle_rounds = [&] {
        for (int round = 1; round <= 5; ++round)
            levels.push_back({round, 32u >> round});
    };
    const int threads = block_min_threads(algorithm, static_cast<std::size_t>(n));
    if (algorithm == kernel_id("reduce-interleaved") ||
        algorithm == kernel_id("reduce-interleaved-strided")) {
        int level = 1;
        for (int stride = 1; stride < threads; stride *= 2)
            levels.push_back({level++, static_cast<std::uint32_t>(stride)});
    } else if (algorithm == kernel_id("reduce-sequential") || algorithm == kernel_id("reduce-add-on-load")) {
        halving(threads, 0);
    } else if (algorithm == kernel_id("reduce-unroll-last-warp") ||
               algorithm == kernel_id("reduce-unroll-complete") ||
               algorithm == kernel_id("reduce-many-per-thread")) {
        halving(threads, 32);
        shuffle_rounds();
    } else {
        shuffle_rounds();
        shuffle_rounds();
    }
    return levels;
}

TEST(EmulatedReduction, EachTreeHasItsKernelsLevels) {
    for (BlockAlgorithm algorithm : reductions())
        for (int n : {1, 2, 5, 31, 32, 33, 1000, 1024, block_max_n(algorithm)}) {
            const Trace trace = capture_trace(make_capture(algorithm, n, InputKind::random, 1, DeviceChoice::cpu)).trace;
            EXPECT_EQ(trace.check.wrong_count, 0u) << name_of(algorithm) << " n=" << n;
            std::vector<std::pair<int, std::uint32_t>> levels;
            for (const TraceStep& step : trace.steps)
                if (step.tag.level > 0)
                    levels.push_back({step.tag.level, step.tag.offset});
            EXPECT_EQ(levels, expected_levels(algorithm, n)) << name_of(algorithm) << " n=" << n;
        }
}

// Kernels 1 to 3 take ceil(log2 N) levels, whatever their addressing (the lecture's statement).
TEST(EmulatedReduction, HarrisKernelsOneToThreeTakeLog2NLevels) {
    for (BlockAlgorithm algorithm : {kernel_id("reduce-interleaved"), kernel_id("reduce-interleaved-strided"),
                                     kernel_id("reduce-sequential")})
        for (int n : {1, 2, 5, 33, 1000, 1024}) {
            int log2n = 0;
            while ((1 << log2n) < n)
                ++log2n;
            const Trace trace = capture_trace(make_capture(algorithm, n, InputKind::random, 2, DeviceChoice::cpu)).trace;
            int levels = 0;
            for (const TraceStep& step : trace.steps)
                levels += step.tag.level > 0;
            EXPECT_EQ(levels, log2n) << name_of(algorithm) << " n=" << n;
        }
}

} // namespace
} // namespace prefixlab::test
