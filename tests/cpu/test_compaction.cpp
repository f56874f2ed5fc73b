// Stream compaction and split of one block (issue 15, kernels/block/compact_split.cuh) in the emulator:
// every element type, N ∈ {1, 31, 33, 1000, 1024}, with 1%, 50% and 99% of the elements kept (odd),
// under every warp order: compaction's output is std::copy_if's, the rest unwritten; split's is
// std::stable_partition's. The trace has its map, ceil(log2 N) scan iterations of two steps and the
// scatter; the Values table's arrows for the scatter run from each kept element to its place.
#include "core/analysis/table_arrows.hpp"
#include "core/analysis/value_table_model.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/emulator/emulate_block_scan.hpp"
#include "core/ground/output_check.hpp"
#include "support/catalogue_ids.hpp"
#include "support/compaction_support.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>

namespace prefixlab::test {
namespace {

TEST(EmulatedCompaction, CompactionIsCopyIfAndSplitIsStablePartitionAtEveryShareTypeAndSize) {
    for (BlockAlgorithm algorithm : {kernel_id("compact"), kernel_id("split")})
        for (ElementType type : all_element_types())
            for (int n : {1, 31, 33, 1000, 1024})
                for (int percent : {1, 50, 99})
                    for (WarpOrder order : all_warp_orders()) {
                        const std::string what = std::string(name_of(algorithm)) + " " + std::string(name_of(type)) +
                                                 " n=" + std::to_string(n) + " " + std::to_string(percent) + "%";
                        BlockRequest request = make_request(algorithm, n, InputKind::iota, 1, type);
                        request.input = input_with_kept_share(type, n, percent, static_cast<std::uint32_t>(n + percent));
                        request.warp_order = order;
                        const RawTrace raw = emulate_block_scan(request);
                        ASSERT_EQ(raw.output.size(), static_cast<std::size_t>(n)) << what;
                        const std::vector<std::uint32_t> kept = std_compacted(request.input);
                        if (algorithm == kernel_id("split")) {
                            EXPECT_EQ(raw.output, std_split(request.input)) << what;
                        } else {
                            const std::vector<std::uint32_t> front(raw.output.begin(),
                                                                   raw.output.begin() + std::ptrdiff_t(kept.size()));
                            EXPECT_EQ(front, kept) << what;
                            for (std::size_t i = kept.size(); i < raw.output.size(); ++i)
                                ASSERT_EQ(raw.output[i], kUnwrittenPattern) << what << ": output " << i << " written";
                        }
                        const OutputCheck check = check_kernel_output(kind_of(algorithm), type, ScanOperator::add, false,
                                                                      request.input, raw.output, KeepPredicate{});
                        EXPECT_EQ(check.wrong_count, 0u) << what;
                    }
}

// The check can fail: a kept element out of order, a stray write past the kept ones, a missing one.
TEST(EmulatedCompaction, TheCheckFindsDisorderAStrayWriteAndAGap) {
    const std::vector<std::uint32_t> input = {3, 4, 5, 6};
    const std::uint32_t u = kUnwrittenPattern;
    EXPECT_EQ(check_compaction_output(ElementType::int32, false, KeepPredicate{}, input, {3, 5, u, u}).wrong_count, 0u);
    EXPECT_EQ(check_compaction_output(ElementType::int32, false, KeepPredicate{}, input, {5, 3, u, u}).wrong_count, 2u);
    EXPECT_EQ(check_compaction_output(ElementType::int32, false, KeepPredicate{}, input, {3, 5, 4, u}).wrong_count, 1u);
    EXPECT_EQ(check_compaction_output(ElementType::int32, false, KeepPredicate{}, input, {3, u, u, u}).wrong_count, 1u);
    EXPECT_EQ(check_compaction_output(ElementType::int32, true, KeepPredicate{}, input, {3, 5, 4, 6}).wrong_count, 0u);
    EXPECT_EQ(check_compaction_output(ElementType::int32, true, KeepPredicate{}, input, {3, 5, 6, 4}).wrong_count, 2u);
}

TEST(EmulatedCompaction, TheTraceMapsScansInLogNIterationsAndScattersOncePerElement) {
    for (BlockAlgorithm algorithm : {kernel_id("compact"), kernel_id("split")})
        for (int n : {1, 2, 32, 33, 1024}) {
            const Trace trace = capture_trace(make_capture(algorithm, n, InputKind::random, 7, DeviceChoice::cpu)).trace;
            int iterations = 0;
            while ((1 << iterations) < n)
                ++iterations;
            ASSERT_EQ(trace.steps.size(), static_cast<std::size_t>(1 + 2 * iterations + 1)) << name_of(algorithm) << n;
            const std::uint32_t last = static_cast<std::uint32_t>(trace.steps.size() - 1);
            std::size_t output_writes = 0;
            for (const AccessRecord& a : trace.accesses)
                output_writes += a.step == last && a.kind == AccessKind::write &&
                                 a.buffer == static_cast<std::uint8_t>(BufferId::output);
            const std::size_t kept = std_compacted(trace.input).size();
            EXPECT_EQ(output_writes, algorithm == kernel_id("split") ? static_cast<std::size_t>(n) : kept)
                << name_of(algorithm) << " n=" << n;
            EXPECT_EQ(trace.check.wrong_count, 0u);
        }
}

TEST(EmulatedCompaction, TheScatterStepsArrowsRunFromEachKeptElementToItsPlace) {
    const Trace trace =
        capture_trace(make_capture(kernel_id("compact"), 32, InputKind::random, 1, DeviceChoice::cpu)).trace;
    const ValueTableModel model = build_value_table_model(trace);
    const int scatter = static_cast<int>(trace.steps.size()) - 1;
    std::vector<TableArrow> scatter_arrows;
    for (const TableArrow& a : table_arrows(trace, model, scatter))
        if (a.from_row == kInputRow)
            scatter_arrows.push_back(a);
    std::vector<TableArrow> expected;
    int place = 0;
    for (int i = 0; i < 32; ++i)
        if (odd(trace.input[std::size_t(i)]))
            expected.push_back({static_cast<int>(model.element_column[std::size_t(i)]), kInputRow,
                                static_cast<int>(model.element_column[std::size_t(place++)]), kOutputRow, false});
    std::sort(scatter_arrows.begin(), scatter_arrows.end(),
              [](const TableArrow& a, const TableArrow& b) { return a.from_column < b.from_column; });
    EXPECT_GT(place, 4) << "the random input keeps several elements";
    EXPECT_EQ(scatter_arrows, expected);
    // no scatter arrows in a step that does not scatter, nor in a scan's store
    for (const TableArrow& a : table_arrows(trace, model, scatter - 1))
        EXPECT_NE(a.from_row, kInputRow);
    const Trace scan =
        capture_trace(make_capture(kernel_id("hillis-steele"), 32, InputKind::random, 1, DeviceChoice::cpu))
            .trace;
    const ValueTableModel scan_model = build_value_table_model(scan);
    for (int step = 0; step < static_cast<int>(scan.steps.size()); ++step)
        for (const TableArrow& a : table_arrows(scan, scan_model, step))
            EXPECT_NE(a.from_row, kInputRow) << "step " << step;
}

} // namespace
} // namespace prefixlab::test
