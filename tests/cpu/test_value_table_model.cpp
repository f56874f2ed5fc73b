// The Values table's facts about global memory and owners (issue 10): an input read or an output write
// is the global array's, never a shared word's; each element sits under the column that holds it;
// each column names the thread that loaded it. Checked on emulated traces of every layout kind.
#include "core/analysis/value_table_model.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/trace/trace_index.hpp"
#include "support/catalogue_ids.hpp"

#include <gtest/gtest.h>

namespace prefixlab::test {
namespace {

Trace emulated(BlockAlgorithm algorithm, int n) {
    ScanSetup request;
    request.algorithm = algorithm;
    request.n = n;
    request.device = DeviceChoice::cpu;
    return capture_trace(request).trace;
}

TEST(ValueTableModel, WarpShuffleReadsTheInputNotSharedMemoryInStepZero) {
    const Trace trace = emulated(kernel_id("warp-shuffle"), 32);
    const ValueTableModel model = build_value_table_model(trace);
    const TraceIndex index = index_trace(trace);
    EXPECT_EQ(count_marked(model.input_read[0]), 32);
    EXPECT_EQ(count_marked(index.steps[0].read), 0) << "no shared word is read while the input is loaded";
    EXPECT_EQ(model.registers, 32);
    for (int e = 0; e < 32; ++e)
        EXPECT_EQ(model.element_column[e], static_cast<std::uint32_t>(e)) << "thread e loads element e";
    // warp_totals word w is written first by the last lane of warp w (only warp 0 exists at N = 32)
    EXPECT_EQ(model.columns[32].owner, 31u);
    EXPECT_TRUE(model.owner_differs_from_index);
}

TEST(ValueTableModel, BlellochStoresTheOutputWithoutWritingSharedMemory) {
    for (const int n : {1, 31, 33, 64}) {
        const Trace trace = emulated(kernel_id("blelloch"), n);
        const ValueTableModel model = build_value_table_model(trace);
        const TraceIndex index = index_trace(trace);
        const std::size_t last = trace.steps.size() - 1;
        EXPECT_EQ(count_marked(model.output_written[last]), n) << n;
        EXPECT_EQ(count_marked(index.steps[last].written), 0) << n << ": the store writes the output only";
        for (int e = 0; e < n; ++e)
            EXPECT_EQ(model.output_written_at[e], static_cast<int>(last)) << n << " element " << e;
        EXPECT_TRUE(model.step_writes_output[last]);
        EXPECT_FALSE(model.step_writes_output[0]);
        EXPECT_TRUE(model.step_reads_input[0]);
    }
}

TEST(ValueTableModel, PaddedElementsSitUnderTheirPaddedWords) {
    const Trace trace = emulated(kernel_id("blelloch-padded"), 64);
    const ValueTableModel model = build_value_table_model(trace);
    const SharedBufferDesc& data = trace.config.buffers.front();
    ASSERT_GT(data.padding, 0u);
    for (std::uint32_t e = 0; e < 64; ++e)
        EXPECT_EQ(model.element_column[e], data.base_word + e + e / data.padding);
}

TEST(ValueTableModel, OwnersAreTheThreadsThatLoadedTheWords) {
    const Trace trace = emulated(kernel_id("hillis-steele"), 64);
    const ValueTableModel model = build_value_table_model(trace);
    ASSERT_EQ(model.columns.size(), 64u);
    for (const ValueTableColumn& c : model.columns)
        EXPECT_EQ(c.owner, c.index);
    EXPECT_FALSE(model.owner_differs_from_index);
    const Trace blelloch = emulated(kernel_id("blelloch"), 64); // 32 threads, two elements each
    const ValueTableModel two = build_value_table_model(blelloch);
    EXPECT_TRUE(two.owner_differs_from_index);
    for (const ValueTableColumn& c : two.columns)
        EXPECT_LT(c.owner, 32u);
}

// Issue 12: the header's active-thread mask is, step by step, the threads that read or wrote.
TEST(ValueTableModel, ActiveThreadsAreTheStepsReadersAndWriters) {
    const Trace trace = emulated(kernel_id("hillis-steele"), 16);
    const ValueTableModel model = build_value_table_model(trace);
    ASSERT_EQ(model.active_threads.size(), trace.steps.size());
    for (std::size_t k = 0; k < trace.steps.size(); ++k) {
        std::vector<std::uint8_t> expected(16, 0);
        for (const AccessRecord& a : trace.accesses)
            if (a.step == k)
                expected[a.thread] = 1;
        EXPECT_EQ(model.active_threads[k], expected) << "step " << k;
    }
    // Offset 4: threads 0–3 idle, 4–15 at work.
    for (std::size_t k = 0; k < trace.steps.size(); ++k)
        if (trace.steps[k].tag.offset == 4)
            for (int t = 0; t < 16; ++t)
                EXPECT_EQ(model.active_threads[k][t], t >= 4 ? 1 : 0) << "thread " << t;
}

} // namespace
} // namespace prefixlab::test
