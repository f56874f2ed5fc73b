// The coalescing model (core/analysis/coalescing.hpp) on traces whose global accesses are known by
// hand: a warp's 32 consecutive elements are one request of 4 sectors, a partial warp's fewer; kernel
// 4's two loads a thread are two requests a warp; a reduction stores one sector; a compaction's
// scattered stores touch the sectors of the places written, not of the lanes.
#include "core/analysis/coalescing.hpp"
#include "core/capture/trace_capture.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <bit>

namespace prefixlab::test {
namespace {

CoalescingTotals totals_of(BlockAlgorithm algorithm, int n, InputKind input = InputKind::random) {
    return analyse_coalescing(capture_trace(make_capture(algorithm, n, input, 3, DeviceChoice::cpu)).trace).total;
}

TEST(Coalescing, ConsecutiveElementsAreFourSectorsAWarp) {
    EXPECT_EQ(totals_of(kernel_id("hillis-steele"), 1000), (CoalescingTotals{32, 125, 32, 125}));
    // 33 elements: a whole warp (4 sectors) and one lane (1 sector), loads and stores alike
    EXPECT_EQ(totals_of(kernel_id("hillis-steele"), 33), (CoalescingTotals{2, 5, 2, 5}));
    EXPECT_EQ(totals_of(kernel_id("hillis-steele"), 1), (CoalescingTotals{1, 1, 1, 1}));
}

TEST(Coalescing, KernelFourLoadsTwiceAWarpAndAReductionStoresOneSector) {
    // 1024 elements, 512 threads: each warp loads elements i and i + 512, two requests of 4 sectors
    EXPECT_EQ(totals_of(kernel_id("reduce-add-on-load"), 1024), (CoalescingTotals{32, 128, 1, 1}));
    EXPECT_EQ(totals_of(kernel_id("reduce-interleaved"), 1024), (CoalescingTotals{32, 128, 1, 1}));
}

TEST(Coalescing, ACompactionsScatteredStoresCountTheSectorsWritten) {
    // iota: the 16 odd elements of 0..31 go to places 0..15, two sectors, from one warp's one store
    EXPECT_EQ(totals_of(kernel_id("compact"), 32, InputKind::iota), (CoalescingTotals{1, 4, 1, 2}));
    // split: every element is written, places 0..31, four sectors
    EXPECT_EQ(totals_of(kernel_id("split"), 32, InputKind::iota), (CoalescingTotals{1, 4, 1, 4}));
}

// Global atomics are requests of their own: histogram-global-atomics' counts drop the old value (RED), one request a
// warp reaching the 4 bins' words, which lie in one sector; a 33rd key brings a second warp. A request's lanes at one
// word take turns, a pass each: iota puts 8 lanes of a warp in each bin, so 8 passes of one sector; the last of
// 1000 keys' warps has 8 keys, 2 a bin (31 × 8 + 2 = 250). The H200 counted 25, 352 and 363 sectors for random keys
// at N = 64, 1000 and 1024, as the model does (docs/histogram.md). Its float counts' read-back and write-back
// (threads 0 to 3) are a load and a store of one sector. No other kernel has a global atomic.
TEST(Coalescing, GlobalAtomicsAreRequestsOfTheirOwnWithTheSectorsTheirWordsLieIn) {
    const auto totals_with = [](int n, ElementType type) {
        ScanSetup setup = make_capture(kernel_id("histogram-global-atomics"), n, InputKind::iota, 1, DeviceChoice::cpu);
        setup.type = type;
        return analyse_coalescing(capture_trace(setup).trace).total;
    };
    const CoalescingTotals one_warp = totals_with(32, ElementType::uint32);
    EXPECT_EQ(one_warp.reduction_requests, 1u);
    EXPECT_EQ(one_warp.reduction_sectors, 8u);
    EXPECT_EQ(one_warp.atomic_requests, 0u);
    EXPECT_EQ(totals_with(33, ElementType::uint32).reduction_requests, 2u);
    const CoalescingTotals many = totals_with(1000, ElementType::int32);
    EXPECT_EQ(many.reduction_requests, 32u);
    EXPECT_EQ(many.reduction_sectors, 250u);
    const auto random_sectors = [](int n) {
        return analyse_coalescing(emulated_trace(kernel_id("histogram-global-atomics"), n, InputKind::random))
            .total.reduction_sectors;
    };
    EXPECT_EQ(random_sectors(64), 25u) << "the H200's count (Nsight Compute)";
    EXPECT_EQ(random_sectors(1000), 352u) << "the H200's count (Nsight Compute)";
    const CoalescingTotals floats = totals_with(1000, ElementType::float32);
    EXPECT_EQ(floats.reduction_requests, 32u);
    EXPECT_EQ(floats.load_requests, many.load_requests + 1) << "the counts read back";
    EXPECT_EQ(floats.store_requests, many.store_requests + 1) << "and written as floats";
    for (BlockAlgorithm algorithm : correct_algorithms()) {
        if (algorithm == kernel_id("histogram-global-atomics"))
            continue;
        const CoalescingTotals t = analyse_coalescing(emulated_trace(algorithm, 100, InputKind::random)).total;
        EXPECT_EQ(t.reduction_requests + t.atomic_requests, 0u) << name_of(algorithm);
    }
}

TEST(Coalescing, StepsAddUpToTheTotalAndEveryInstructionHasItsLanes) {
    for (BlockAlgorithm algorithm : correct_algorithms()) {
        const Trace trace = capture_trace(make_capture(algorithm, 1000, InputKind::random, 5, DeviceChoice::cpu)).trace;
        const CoalescingAnalysis analysis = analyse_coalescing(trace);
        CoalescingTotals sum;
        for (const CoalescingTotals& s : analysis.steps) {
            sum.load_requests += s.load_requests;
            sum.load_sectors += s.load_sectors;
            sum.store_requests += s.store_requests;
            sum.store_sectors += s.store_sectors;
            sum.reduction_requests += s.reduction_requests;
            sum.reduction_sectors += s.reduction_sectors;
            sum.atomic_requests += s.atomic_requests;
            sum.atomic_sectors += s.atomic_sectors;
        }
        EXPECT_EQ(sum, analysis.total) << name_of(algorithm);
        for (const GlobalInstruction& instruction : analysis.instructions) {
            EXPECT_GE(instruction.sectors, 1u);
            EXPECT_LE(instruction.sectors, static_cast<std::uint32_t>(std::popcount(instruction.active_lanes)));
            EXPECT_EQ(instruction.accesses.size(), static_cast<std::size_t>(std::popcount(instruction.active_lanes)))
                << name_of(algorithm) << ": one access a lane";
        }
        EXPECT_GE(analysis.total.load_sectors, 125u) << name_of(algorithm) << ": every element read";
    }
}

} // namespace
} // namespace prefixlab::test
