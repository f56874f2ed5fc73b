// Issue 12: the Values table's arrows for a step come from the trace's provenance. Hillis–Steele's
// write step at offset 2 (N = 16): thread t ≥ 2 writes data[t] from its partner's word t − 2 and its own
// word, both as they stood one row up (the partner was read in the step before, which changed no word:
// the arrow starts at the latest row that still shows the value read); Blelloch's
// up-sweep and the warp scan's shuffles likewise; a racy read's arrow starts in its own row when it
// got the new value, in the row above when it got the old one.
#include "core/analysis/table_arrows.hpp"
#include "core/capture/trace_capture.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace prefixlab::test {
namespace {

bool has(const std::vector<TableArrow>& arrows, TableArrow a) {
    return std::find(arrows.begin(), arrows.end(), a) != arrows.end();
}

int step_of(const Trace& trace, Phase phase, std::uint32_t offset) {
    for (std::size_t i = 0; i < trace.steps.size(); ++i)
        if (trace.steps[i].tag.phase == phase && trace.steps[i].tag.offset == offset)
            return static_cast<int>(i);
    return -1;
}

TEST(TableArrows, HillisSteeleWritesFromItsPartnerAndItselfOneRowUp) {
    const Trace trace = emulated_trace(kernel_id("hillis-steele"), 16);
    const ValueTableModel model = build_value_table_model(trace);
    const int k = step_of(trace, phase_id("scan-write"), 2);
    ASSERT_GT(k, 1);
    const std::vector<TableArrow> arrows = table_arrows(trace, model, k);
    EXPECT_EQ(arrows.size(), 2u * 14) << "two sources for each of threads 2..15";
    for (int t = 2; t < 16; ++t) {
        EXPECT_TRUE(has(arrows, {t - 2, k - 1, t, k, false})) << "partner of " << t;
        EXPECT_TRUE(has(arrows, {t, k - 1, t, k, false})) << "own word of " << t;
    }
}

TEST(TableArrows, BlellochsUpSweepCombinesTwoWordsOfTheRowAbove) {
    const Trace trace = emulated_trace(kernel_id("blelloch"), 16);
    const ValueTableModel model = build_value_table_model(trace);
    const int k = step_of(trace, phase_id("up-sweep"), 4); // level 2: thread t: data[8t+3] into data[8t+7]
    ASSERT_GT(k, 0);
    const std::vector<TableArrow> arrows = table_arrows(trace, model, k);
    EXPECT_EQ(arrows.size(), 4u);
    for (int t = 0; t < 2; ++t) {
        EXPECT_TRUE(has(arrows, {8 * t + 3, k - 1, 8 * t + 7, k, false}));
        EXPECT_TRUE(has(arrows, {8 * t + 7, k - 1, 8 * t + 7, k, false}));
    }
}

TEST(TableArrows, AShuffleTakesTheSourceLanesRegisterFromTheRowAbove) {
    const Trace trace = emulated_trace(kernel_id("warp-shuffle"), 8);
    const ValueTableModel model = build_value_table_model(trace);
    const int k = step_of(trace, phase_id("warp-shuffle"), 2);
    ASSERT_GT(k, 0);
    const std::vector<TableArrow> arrows = table_arrows(trace, model, k);
    for (int lane = 2; lane < 8; ++lane)
        EXPECT_TRUE(has(arrows, {lane - 2, k - 1, lane, k, false})) << "lane " << lane;
}

TEST(TableArrows, ARacyReadStartsInItsOwnRowWithANewValueAndTheRowAboveWithTheOld) {
    // Racy like the dataflow's edges (read_origin.hpp): every read that raced, whichever value it got.
    const Trace trace = emulated_trace(kernel_id("hillis-steele-racy"), 64);
    const ValueTableModel model = build_value_table_model(trace);
    int new_values = 0, old_values = 0;
    for (int k = 0; k < static_cast<int>(trace.steps.size()); ++k)
        for (const TableArrow& a : table_arrows(trace, model, k))
            if (a.racy) {
                EXPECT_TRUE(a.from_row == k || a.from_row == k - 1) << "step " << k;
                new_values += a.from_row == k;
                old_values += a.from_row == k - 1;
            }
    EXPECT_GT(new_values, 0) << "warp 1 reads words warp 0 overwrote in the same step";
    EXPECT_GT(old_values, 0) << "lanes of one warp read in lockstep before any of them writes";
}

} // namespace
} // namespace prefixlab::test
