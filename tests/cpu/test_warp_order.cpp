// The emulator's warp orders (docs/emulator.md, "Interleaving"): every correct kernel computes the scan
// under each; the racy kernel goes wrong within one warp when the lanes are interleaved, the same way
// on every run; the order a trace was made with is recorded in its file and read back.
#include "core/emulator/emulated_block.hpp"
#include "core/emulator/emulator_context.hpp"
#include "core/trace/trace_json.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"
#include "support/trace_checks.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <utility>

namespace prefixlab::test {
namespace {

using nlohmann::json;

// ---------------------------------------------------------------- the schedules themselves

// Runs `threads` threads that each write their own word `accesses` times, and returns (thread, seq) of
// every access in the order the emulator made them (RawTrace::accesses is appended as they happen).
std::vector<std::pair<int, int>> execution_order(std::uint32_t threads, int accesses, WarpOrder order) {
    SharedLayout layout;
    layout.add(BufferId::data, threads);
    EmulatedBlock block(threads, layout, false, order);
    block.run([&](std::uint32_t thread) {
        EmulatorContext ctx(block, thread);
        ctx.begin(step_tag(kernel_file_id("hillis-steele"), phase_id("load"), 10));
        auto s = ctx.template shared<std::int32_t>(layout.find(BufferId::data));
        for (int k = 0; k < accesses; ++k)
            s[ctx.thread_index()] = k;
        ctx.finish();
    });
    std::vector<std::pair<int, int>> made;
    for (const AccessRecord& a : block.trace().accesses)
        made.emplace_back(a.thread, a.seq);
    return made;
}

// Lockstep: round k is every lane's k-th access, in lane order.
TEST(WarpOrder, InOrderRunsLanesInLockstep) {
    const std::vector<std::pair<int, int>> expected = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}};
    EXPECT_EQ(execution_order(3, 2, WarpOrder::in_order), expected);
}

// Skewed: lane l's k-th access in round l + k; in a round, lower lanes first (docs/emulator.md).
TEST(WarpOrder, InterleavedStartsLaneLInRoundL) {
    const std::vector<std::pair<int, int>> expected = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}};
    EXPECT_EQ(execution_order(4, 2, WarpOrder::interleaved), expected);
    const std::vector<std::pair<int, int>> three = {{0, 0}, {0, 1}, {1, 0}, {0, 2}, {1, 1}, {2, 0},
                                                    {1, 2}, {2, 1}, {2, 2}};
    EXPECT_EQ(execution_order(3, 3, WarpOrder::interleaved), three);
}

// Reversed: the last warp runs to its sync point first, its lanes in lockstep.
TEST(WarpOrder, ReversedRunsTheLastWarpFirst) {
    const std::vector<std::pair<int, int>> made = execution_order(40, 1, WarpOrder::reversed);
    ASSERT_EQ(made.size(), 40u);
    for (int i = 0; i < 8; ++i)
        EXPECT_EQ(made[i].first, 32 + i);
    for (int i = 0; i < 32; ++i)
        EXPECT_EQ(made[8 + i].first, i);
}

// ---------------------------------------------------------------- correct kernels under every order

struct OrderCase {
    AlgorithmSize kernel;
    WarpOrder order;
};

std::vector<OrderCase> order_cases() {
    std::vector<OrderCase> cases;
    for (const AlgorithmSize& kernel : algorithm_sizes(correct_scans()))
        for (WarpOrder order : all_warp_orders())
            cases.push_back({kernel, order});
    return cases;
}

class EveryOrder : public ::testing::TestWithParam<OrderCase> {};

// A correct kernel's barriers and shuffles order every access that matters: no schedule changes its
// output. int32 add in both directions, and max (whose identity is not 0), against the reference.
TEST_P(EveryOrder, CorrectKernelsGiveTheScan) {
    const auto [kernel, order] = GetParam();
    for (ScanOperator op : {ScanOperator::add, ScanOperator::max})
        for (bool exclusive : {false, true}) {
            BlockRequest request =
                make_request(kernel.algorithm, kernel.n, InputKind::random, 5 + kernel.n, ElementType::int32, op,
                             exclusive);
            request.warp_order = order;
            const RawTrace raw = emulate_block_scan(request);
            EXPECT_EQ(raw.output, reference_scan(ElementType::int32, op, exclusive, request.input))
                << name_of(op) << (exclusive ? " exclusive" : " inclusive");
        }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, EveryOrder, ::testing::ValuesIn(order_cases()),
                         [](const ::testing::TestParamInfo<OrderCase>& info) {
                             std::string order(name_of(info.param.order));
                             for (char& ch : order)
                                 if (ch == '-')
                                     ch = '_';
                             return case_name(info.param.kernel) + "_" + order;
                         });

// Extra threads only wait at barriers, in any order.
TEST(WarpOrder, LargerBlocksGiveTheScanUnderEveryOrder) {
    for (BlockAlgorithm algorithm : correct_scans())
        for (WarpOrder order : all_warp_orders()) {
            BlockRequest request = make_request(algorithm, 100, InputKind::random, 3);
            request.block_threads = 1024;
            request.warp_order = order;
            EXPECT_EQ(emulate_block_scan(request).output,
                      reference_scan(ElementType::int32, ScanOperator::add, false, request.input))
                << name_of(algorithm) << " " << name_of(order);
        }
}

// ---------------------------------------------------------------- the racy kernel

Trace racy_trace(int n, WarpOrder order) {
    ScanSetup setup = make_capture(kernel_id("hillis-steele-racy"), n, InputKind::iota, 1, DeviceChoice::cpu);
    setup.warp_order = order;
    return capture_trace(setup).trace;
}

// The file's check.wrong: the indices where the output is not the scan.
json wrong_list_in_file(const Trace& trace) { return trace_as_json(trace)["check"]["wrong"]; }

std::size_t outputs_differing_from_reference(const Trace& trace) {
    const std::vector<std::uint32_t> reference =
        reference_scan(trace.config.type, trace.config.op, trace.config.exclusive, trace.input);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < reference.size(); ++i)
        wrong += trace.output[i] != reference[i];
    return wrong;
}

// One warp in lockstep: every lane reads before any lane writes, so N = 16 comes out right (issue 12).
TEST(WarpOrder, InOrderTheRacyKernelIsRightWithinOneWarp) {
    const Trace trace = racy_trace(16, WarpOrder::in_order);
    EXPECT_EQ(outputs_differing_from_reference(trace), 0u);
    EXPECT_EQ(trace.check.wrong_count, 0u);
}

// Interleaved, lane l's k-th access comes in round l + k: from offset 2 on, lane i writes s[i] in round
// i + 2, no later than lane i + offset reads it (round i + offset), so the partner's new value is read.
TEST(WarpOrder, InterleavedTheRaceShowsAtSixteen) {
    const Trace first = racy_trace(16, WarpOrder::interleaved);
    const Trace second = racy_trace(16, WarpOrder::interleaved);
    EXPECT_EQ(first.config.warp_order, WarpOrder::interleaved);
    const std::size_t wrong = outputs_differing_from_reference(first);
    EXPECT_GT(wrong, 0u);
    EXPECT_EQ(first.check.wrong_count, wrong);
    EXPECT_EQ(wrong_list_in_file(first).size(), wrong);
    EXPECT_EQ(first.output, second.output);
    EXPECT_EQ(first_difference(first, second), "");
}

// The worked example of docs/emulator.md: input 0..15 (iota), the output the document shows.
TEST(WarpOrder, InterleavedRacyOutputIsTheDocumentedOne) {
    const Trace trace = racy_trace(16, WarpOrder::interleaved);
    const std::vector<std::uint32_t> documented = {0, 1, 3, 6, 10, 16, 24, 34, 46, 62, 82, 106, 134, 168, 208, 254};
    EXPECT_EQ(trace.output, documented);
    EXPECT_EQ(wrong_list_in_file(trace), json::array({5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));
}

// Reversed at N = 64: two warps, last first. The same on every run, like every order.
TEST(WarpOrder, ReversedIsTheSameOnEveryRun) {
    const Trace first = racy_trace(64, WarpOrder::reversed);
    const Trace second = racy_trace(64, WarpOrder::reversed);
    EXPECT_EQ(first.config.warp_order, WarpOrder::reversed);
    EXPECT_EQ(first_difference(first, second), "");
    EXPECT_EQ(wrong_list_in_file(first).size(), outputs_differing_from_reference(first));
}

// Reversed, every lane of the racy kernel reads before the lower warp writes what it reads, and a warp
// reads before it writes (lockstep): the old values only, the right scan (docs/emulator.md).
TEST(WarpOrder, ReversedTheRacyKernelReadsOnlyOldValues) {
    EXPECT_EQ(outputs_differing_from_reference(racy_trace(1024, WarpOrder::reversed)), 0u);
}

// The orders differ in what the racy kernel computes: that is what the choice is for.
TEST(WarpOrder, TheOrdersGiveTheRacyKernelDifferentOutputs) {
    const Trace in_order = racy_trace(64, WarpOrder::in_order);
    const Trace reversed = racy_trace(64, WarpOrder::reversed);
    const Trace interleaved = racy_trace(64, WarpOrder::interleaved);
    EXPECT_NE(in_order.output, reversed.output);
    EXPECT_NE(in_order.output, interleaved.output);
    EXPECT_NE(reversed.output, interleaved.output);
}

// ---------------------------------------------------------------- names, files, setups

TEST(WarpOrder, NamesParseBack) {
    for (WarpOrder order : all_warp_orders())
        EXPECT_EQ(parse_warp_order(name_of(order)), order);
    EXPECT_EQ(name_of(WarpOrder::in_order), "in-order");
    EXPECT_EQ(phrase_of(WarpOrder::in_order), "warps in order");
    EXPECT_FALSE(parse_warp_order("random"));
}

TEST(WarpOrder, AnOrderOtherThanTheDefaultRoundTripsThroughTheFile) {
    for (WarpOrder order : {WarpOrder::reversed, WarpOrder::interleaved}) {
        const Trace original = racy_trace(40, order);
        const json document = trace_as_json(original);
        EXPECT_EQ(document["config"]["device"]["warp_order"], name_of(order));
        const Trace back = trace_from_json_text(document.dump());
        EXPECT_EQ(back.config.warp_order, order);
        EXPECT_EQ(first_difference(original, back), "");
    }
}

// Default-order files are the files they always were (the golden hashes rely on it), and a file
// without the field, as every older file is, loads as warps in order.
TEST(WarpOrder, TheDefaultOrderIsNotWrittenAndAMissingOneReadsAsInOrder) {
    const json document = trace_as_json(racy_trace(40, WarpOrder::in_order));
    EXPECT_FALSE(document["config"]["device"].contains("warp_order"));
    EXPECT_EQ(trace_from_json_text(document.dump()).config.warp_order, WarpOrder::in_order);
}

TEST(WarpOrder, AFileWithAnUnknownOrderOrAGpuOrderIsRefused) {
    json unknown = trace_as_json(racy_trace(8, WarpOrder::interleaved));
    unknown["config"]["device"]["warp_order"] = "sideways";
    try {
        trace_from_json_text(unknown.dump());
        ADD_FAILURE() << "an unknown warp order was accepted";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("config.device.warp_order: unknown value 'sideways'"),
                  std::string::npos)
            << e.what();
    }
    json gpu = trace_as_json(racy_trace(8, WarpOrder::reversed));
    gpu["config"]["device"]["emulated"] = false;
    try {
        trace_from_json_text(gpu.dump());
        ADD_FAILURE() << "a GPU trace with a warp order was accepted";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("only the emulator has a warp order"), std::string::npos) << e.what();
    }
}

// "Trace again like this trace" keeps the emulator's order.
TEST(WarpOrder, RequestLikeAnEmulatedTraceKeepsItsOrder) {
    const Trace trace = racy_trace(16, WarpOrder::interleaved);
    EXPECT_EQ(request_like(trace, ScanSetup{}).warp_order, WarpOrder::interleaved);
}

} // namespace
} // namespace prefixlab::test
