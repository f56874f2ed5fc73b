// Issue 12: every step of every algorithm is narrated from its trace. For every kernel at N = 1,
// 8, 33 and their largest N, each step's sentence is filled in (no "{key}" left), and the counters
// agree with the trace counted here independently: active threads are the step's distinct readers
// and writers, work the combine operations recorded so far, depth the steps and barriers so far.
#include "core/analysis/step_narration.hpp"
#include "core/capture/trace_capture.hpp"
#include "core/ground/block_limits.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_info.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/step_label.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"
#include "support/warp_ops_probe_runs.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <set>
#include <string>
#include <tuple>

namespace prefixlab::test {
namespace {

// PREFIXLAB_PRINT_NARRATION=1 prints every sentence (to read them while writing templates).
void maybe_print(const Trace& trace, const std::vector<StepNarration>& narration) {
    if (std::getenv("PREFIXLAB_PRINT_NARRATION") == nullptr)
        return;
    std::printf("== %s N=%d\n", std::string(name_of(trace.config.algorithm)).c_str(), trace.config.n);
    for (std::size_t i = 0; i < narration.size(); ++i)
        std::printf("%2zu %-40s | %s | %s | active %d work %llu/%d steps %d barriers %d\n", i,
                    step_label(trace.steps[i].tag).c_str(), narration[i].what.c_str(), narration[i].who.c_str(),
                    narration[i].counters.active_threads, (unsigned long long)narration[i].counters.work,
                    narration[i].counters.serial_work, narration[i].counters.steps, narration[i].counters.barriers);
}

class StepNarrationAll : public ::testing::TestWithParam<BlockAlgorithm> {};

TEST_P(StepNarrationAll, EveryStepIsNarratedAndItsCountersAgreeWithTheTrace) {
    const BlockAlgorithm algorithm = GetParam();
    for (int n : {1, 8, 33, block_max_n(algorithm)}) {
        const Trace trace = emulated_trace(algorithm, n, InputKind::random, 3);
        const std::vector<StepNarration> narration = narrate_steps(trace);
        maybe_print(trace, narration);
        ASSERT_EQ(narration.size(), trace.steps.size());
        std::set<std::tuple<int, std::uint32_t, std::uint32_t>> combines;
        const std::vector<std::uint64_t> in_registers = in_register_combines(trace);
        std::uint64_t register_work = 0;
        int barriers = 0;
        for (std::size_t i = 0; i < trace.steps.size(); ++i) {
            const StepNarration& s = narration[i];
            const std::string where = std::string(name_of(algorithm)) + " N=" + std::to_string(n) + " step " +
                                      std::to_string(i) + ": " + s.what;
            EXPECT_FALSE(s.what.empty()) << where;
            EXPECT_EQ(s.what.find('{'), std::string::npos) << "unfilled template: " << where;
            EXPECT_EQ(s.what.find('}'), std::string::npos) << "unfilled template: " << where;
            EXPECT_FALSE(s.who.empty()) << where;
            // Counted here from the trace: distinct readers and writers, and combines as distinct
            // (thread, two sources) pairs over writes and register snapshots.
            std::set<int> threads;
            const auto note = [&](int thread, std::uint32_t a, std::uint32_t b) {
                if (is_source(a) && is_source(b))
                    combines.insert({thread, std::min(a, b), std::max(a, b)});
            };
            for (const AccessRecord& a : trace.accesses)
                if (a.step == i) {
                    threads.insert(a.thread);
                    if (a.kind == AccessKind::write)
                        note(a.thread, a.sources[0], a.sources[1]);
                }
            const TraceStep& step = trace.steps[i];
            for (std::size_t t = 0; t < step.registers_taken.size(); ++t)
                if (step.registers_taken[t])
                    note(static_cast<int>(t), step.register_sources[2 * t], step.register_sources[2 * t + 1]);
            barriers += step.tag.opening == StepOpening::barrier;
            EXPECT_EQ(s.counters.active_threads, static_cast<int>(threads.size())) << where;
            register_work += in_registers[i];
            EXPECT_EQ(s.counters.work, combines.size() + register_work) << where;
            EXPECT_EQ(s.counters.serial_work, n - 1) << where;
            EXPECT_EQ(s.counters.steps, static_cast<int>(i) + 1) << where;
            EXPECT_EQ(s.counters.barriers, barriers) << where;
            EXPECT_EQ(s.counters.block_threads, trace.config.block_threads) << where;
        }
        // A correct scan combines at least n − 1 times: the work counter cannot be stuck at zero. (A bucketing
        // adds counts of 4 buckets, not its keys: fewer; a histogram's adds are atomics, which combine no two values
        // read.)
        const KernelKind kind = kind_of(algorithm);
        if (!is_racy(algorithm) && kind != KernelKind::bucketing && kind != KernelKind::bucketing_unordered &&
            kind != KernelKind::histogram)
            EXPECT_GE(narration.back().counters.work, std::uint64_t(n - 1)) << name_of(algorithm) << " N=" << n;
    }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, StepNarrationAll, ::testing::ValuesIn(traceable_block_algorithms()),
                         [](const auto& info) {
                             std::string name(name_of(info.param));
                             for (char& c : name)
                                 c = c == '-' ? '_' : c;
                             return name;
                         });

// The textbook sentences, numbers from the trace: Hillis–Steele's partner read and Blelloch's
// up-sweep, whose indices are affine in the thread.
TEST(StepNarration, SaysWhichThreadsReadWhichWords) {
    const Trace hs = emulated_trace(kernel_id("hillis-steele"), 16, InputKind::random, 3);
    const std::vector<StepNarration> hs_text = narrate_steps(hs);
    bool found = false;
    for (std::size_t i = 0; i < hs.steps.size(); ++i)
        if (hs.steps[i].tag.phase == phase_id("scan-read") && hs.steps[i].tag.offset == 4) {
            found = true;
            EXPECT_NE(hs_text[i].what.find("data[t−4]"), std::string::npos) << hs_text[i].what;
            EXPECT_EQ(hs_text[i].who, "Threads 4–15 active (12 of 16); threads 0–3 idle.");
        }
    EXPECT_TRUE(found);
    const Trace bl = emulated_trace(kernel_id("blelloch"), 16, InputKind::random, 3);
    const std::vector<StepNarration> bl_text = narrate_steps(bl);
    found = false;
    for (std::size_t i = 0; i < bl.steps.size(); ++i)
        if (bl.steps[i].tag.phase == phase_id("up-sweep") && bl.steps[i].tag.offset == 4) {
            found = true;
            EXPECT_NE(bl_text[i].what.find("data[8t+7]"), std::string::npos) << bl_text[i].what;
            EXPECT_NE(bl_text[i].what.find("data[8t+3]"), std::string::npos) << bl_text[i].what;
        }
    EXPECT_TRUE(found);
}

// A kernel's own names of its buffers (kBufferLabels): the 1-bit radix sort's flags live in the slot named
// ping, and its sentences say "flags[t]", not "ping[t]"; a kernel without labels keeps the slot's name.
TEST(StepNarration, SaysTheKernelsOwnNamesOfItsBuffers) {
    const Trace sort = emulated_trace(kernel_id("radix-sort-1bit"), 16, InputKind::random, 3);
    const std::vector<StepNarration> text = narrate_steps(sort);
    int flags = 0;
    for (const StepNarration& n : text) {
        EXPECT_EQ(n.what.find("ping["), std::string::npos) << n.what;
        flags += n.what.find("flags[t]") != std::string::npos ? 1 : 0;
    }
    EXPECT_GT(flags, 0);
    EXPECT_EQ(buffer_name(kernel_id("radix-sort-1bit"), BufferId::ping), "flags");
    EXPECT_EQ(buffer_name(kernel_id("radix-sort-1bit"), BufferId::data), "keys");
    EXPECT_EQ(buffer_name(kernel_id("hillis-steele"), BufferId::data), "data");
}

// A shuffle's sentence says which way the values move: the warp scan's shfl_up to the left ("each lane
// ℓ ≥ 1 takes"), a reduction's shfl_down to the right (the probe's down shuffle by 5 in whole warps:
// lanes 0–26 have a partner), a butterfly both ways.
TEST(StepNarration, SaysWhichWayAShuffleMovesValues) {
    const std::vector<std::uint32_t> input = warp_ops_probe_input(64);
    const Trace probe = assemble_warp_ops_probe(input, emulate_warp_ops_probe(input, WarpOrder::in_order));
    const std::vector<StepNarration> text = narrate_steps(probe);
    int down = 0, butterfly = 0;
    for (std::size_t i = 0; i < probe.steps.size(); ++i) {
        if (probe.steps[i].tag.phase != phase_id("warp-shuffle"))
            continue;
        if (probe.steps[i].tag.offset == 5 && probe.steps[i].tag.level == 0) {
            ++down;
            EXPECT_NE(text[i].what.find("each lane ℓ ≤ 26 takes"), std::string::npos) << text[i].what;
        } else {
            ++butterfly;
            EXPECT_NE(text[i].what.find("each lane takes"), std::string::npos) << text[i].what;
        }
    }
    EXPECT_EQ(down, 1);
    EXPECT_EQ(butterfly, 5);
    const Trace scan = emulated_trace(kernel_id("warp-shuffle"), 64, InputKind::random, 3);
    const std::vector<StepNarration> scan_text = narrate_steps(scan);
    bool found = false;
    for (std::size_t i = 0; i < scan.steps.size(); ++i)
        if (scan.steps[i].tag.phase == phase_id("warp-shuffle") && scan.steps[i].tag.offset == 1) {
            found = true;
            EXPECT_NE(scan_text[i].what.find("each lane ℓ ≥ 1 takes"), std::string::npos) << scan_text[i].what;
        }
    EXPECT_TRUE(found);
}

// A reduction whose threads combine 8 elements in a register (Harris's kernel 7) made n − threads of its
// combines where the dataflow cannot show them: the work counter still counts them, and ends at
// exactly n − 1, the tree's combines included; at N = threads there are none in registers.
TEST(StepNarration, CountsTheCombinesMadeInRegisters) {
    for (BlockAlgorithm algorithm : {kernel_id("reduce-many-per-thread"), kernel_id("reduce-shuffle-down")})
        for (int n : {32, 1000, 8192}) {
            const Trace trace = emulated_trace(algorithm, n, InputKind::random, 3);
            std::uint64_t in_registers = 0;
            for (std::uint64_t count : in_register_combines(trace))
                in_registers += count;
            const int threads = block_min_threads(algorithm, static_cast<std::size_t>(n));
            // each thread's share is plain where it holds 3 or more of the elements (8 a thread)
            std::uint64_t expected = 0;
            for (int t = 0; t < threads; ++t) {
                const int owned = t < n ? (n - 1 - t) / threads + 1 : 0;
                if (owned >= 3)
                    expected += static_cast<std::uint64_t>(owned - 1);
            }
            EXPECT_EQ(in_registers, expected) << name_of(algorithm) << " N=" << n;
            if (algorithm == kernel_id("reduce-many-per-thread"))
                EXPECT_EQ(narrate_steps(trace).back().counters.work, static_cast<std::uint64_t>(n - 1))
                    << name_of(algorithm) << " N=" << n;
        }
}

} // namespace
} // namespace prefixlab::test
