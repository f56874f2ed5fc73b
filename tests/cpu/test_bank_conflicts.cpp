// Bank conflicts on patterns whose answer is known by hand, and on Blelloch's levels recomputed here
// independently (word -> bank by brute force) for the plain and the padded layout.
#include "core/analysis/bank_conflicts.hpp"
#include "support/catalogue_ids.hpp"
#include "kernels/block/blelloch.cuh"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace prefixlab::test {
namespace {

// A one-step trace in which `lanes` of warp 0 each load the word `word_of(lane)`.
template <class WordOf>
Trace one_load(int lanes, WordOf word_of, std::uint32_t shared_words = 1024) {
    Trace trace;
    trace.config.block_threads = 32;
    trace.config.shared_words = shared_words;
    trace.config.buffers = {SharedBufferDesc{BufferId::data, 0, shared_words, 0}};
    trace.steps.resize(1);
    for (int lane = 0; lane < lanes; ++lane) {
        AccessRecord a{};
        a.thread = static_cast<std::uint16_t>(lane);
        a.buffer = static_cast<std::uint8_t>(BufferId::data);
        a.kind = AccessKind::read;
        a.word = word_of(lane);
        trace.accesses.push_back(a);
    }
    return trace;
}

TEST(BankConflicts, BankIsTheWordModuloThirtyTwo) {
    EXPECT_EQ(bank_of(0), 0u);
    EXPECT_EQ(bank_of(31), 31u);
    EXPECT_EQ(bank_of(32), 0u);
    EXPECT_EQ(bank_of(1057), 1u);
}

TEST(BankConflicts, UnitStrideIsConflictFree) {
    const BankAnalysis a = analyse_bank_conflicts(one_load(32, [](int l) { return 100u + l; }));
    ASSERT_EQ(a.instructions.size(), 1u);
    EXPECT_EQ(a.instructions[0].degree, 1u);
    EXPECT_EQ(a.total.loads, 1u);
    EXPECT_EQ(a.total.load_conflicts, 0u);
    EXPECT_FALSE(a.instructions[0].broadcast);
}

TEST(BankConflicts, StrideTwoIsTwoWay) {
    const BankAnalysis a = analyse_bank_conflicts(one_load(32, [](int l) { return 2u * l; }));
    EXPECT_EQ(a.instructions[0].degree, 2u);
    EXPECT_EQ(a.total.load_conflicts, 1u);
    EXPECT_EQ(a.instructions[0].distinct_words[0], 2u);
    EXPECT_EQ(a.instructions[0].distinct_words[1], 0u);
}

TEST(BankConflicts, StrideThirtyTwoIsThirtyTwoWay) {
    const BankAnalysis a = analyse_bank_conflicts(one_load(32, [](int l) { return 32u * l; }, 32 * 32));
    EXPECT_EQ(a.instructions[0].degree, 32u);
    EXPECT_EQ(a.total.load_conflicts, 31u);
}

TEST(BankConflicts, AllLanesOnOneWordIsABroadcastNotAConflict) {
    const BankAnalysis a = analyse_bank_conflicts(one_load(32, [](int) { return 7u; }));
    EXPECT_EQ(a.instructions[0].degree, 1u);
    EXPECT_TRUE(a.instructions[0].broadcast);
    EXPECT_EQ(a.total.load_conflicts, 0u);
}

TEST(BankConflicts, PartlyInactiveWarpsCountOnlyTheirActiveLanes) {
    const BankAnalysis a = analyse_bank_conflicts(one_load(12, [](int l) { return 32u * l; }, 32 * 32));
    EXPECT_EQ(a.instructions[0].active_lanes, 0xfffu);
    EXPECT_EQ(a.instructions[0].degree, 12u);
    EXPECT_EQ(a.total.load_conflicts, 11u);
}

TEST(BankConflicts, LoadsAndStoresAreSeparateInstructionsInProgramOrder) {
    Trace trace = one_load(32, [](int l) { return 2u * l; });
    for (int lane = 0; lane < 32; ++lane) { // then each lane stores to word 64 + lane, then loads again
        AccessRecord w{};
        w.thread = static_cast<std::uint16_t>(lane);
        w.seq = 1;
        w.buffer = static_cast<std::uint8_t>(BufferId::data);
        w.kind = AccessKind::write;
        w.word = 64u + lane;
        AccessRecord r = w;
        r.seq = 2;
        r.kind = AccessKind::read;
        r.word = 32u * lane;
        trace.accesses.push_back(w);
        trace.accesses.push_back(r);
    }
    std::stable_sort(trace.accesses.begin(), trace.accesses.end(), [](const AccessRecord& x, const AccessRecord& y) {
        return std::make_tuple(x.seq, x.thread) < std::make_tuple(y.seq, y.thread);
    });
    const BankAnalysis a = analyse_bank_conflicts(trace);
    ASSERT_EQ(a.instructions.size(), 3u);
    EXPECT_EQ(a.instructions[0].kind, AccessKind::read);
    EXPECT_EQ(a.instructions[1].kind, AccessKind::write);
    EXPECT_EQ(a.instructions[2].kind, AccessKind::read);
    EXPECT_EQ(a.total, (BankTotals{2, 1, 1 + 31, 0}));
}

TEST(BankConflicts, GlobalAccessesAndShufflesAreNotSharedMemory) {
    Trace trace = one_load(32, [](int l) { return static_cast<std::uint32_t>(l); });
    for (AccessRecord& a : trace.accesses)
        a.buffer = static_cast<std::uint8_t>(BufferId::input);
    EXPECT_EQ(analyse_bank_conflicts(trace).instructions.size(), 0u);
}

// For Blelloch's up-sweep level d, recompute each warp's degree from the kernel's index arithmetic.
std::map<int, std::uint32_t> expected_up_sweep_degrees(int n, bool padded, int d) {
    const int m = BlellochScan<false>::padded_n(n);
    const int offset = 1 << d, active = m / 2 >> d;
    const auto word = [&](int i) { return static_cast<std::uint32_t>(padded ? i + i / 32 : i); };
    std::map<int, std::uint32_t> degree_of_load; // 0: loads of ai, 1: loads of bi -> summed extra wavefronts
    std::uint32_t extra[2] = {0, 0};
    for (int warp = 0; warp * 32 < active; ++warp)
        for (int which = 0; which < 2; ++which) {
            std::map<std::uint32_t, std::set<std::uint32_t>> words;
            for (int t = warp * 32; t < std::min(active, warp * 32 + 32); ++t) {
                const int index = which == 0 ? offset * (2 * t + 1) - 1 : offset * (2 * t + 2) - 1;
                words[word(index) % 32].insert(word(index));
            }
            std::size_t degree = 0;
            for (const auto& [bank, set] : words)
                degree = std::max(degree, set.size());
            extra[which] += static_cast<std::uint32_t>(degree - 1);
        }
    degree_of_load[0] = extra[0];
    degree_of_load[1] = extra[1];
    return degree_of_load;
}

TEST(BankConflicts, BlellochUpSweepLevelsMatchAnIndependentCount) {
    for (bool padded : {false, true}) {
        const BlockAlgorithm algorithm = padded ? kernel_id("blelloch-padded") : kernel_id("blelloch");
        const Trace trace = capture_trace(make_capture(algorithm, 2048, InputKind::random, 1, DeviceChoice::cpu)).trace;
        const BankAnalysis analysis = analyse_bank_conflicts(trace);
        for (std::size_t k = 0; k < trace.steps.size(); ++k) {
            if (trace.steps[k].tag.phase != phase_id("up-sweep"))
                continue;
            const auto expected = expected_up_sweep_degrees(2048, padded, trace.steps[k].tag.level);
            EXPECT_EQ(analysis.steps[k].load_conflicts, expected.at(0) + expected.at(1))
                << (padded ? "padded" : "plain") << " up-sweep d=" << trace.steps[k].tag.level;
        }
    }
    // Spot checks by hand: plain d=0 reads words 2t (banks repeat after 16 lanes: 2-way); padding
    // moves lanes 16..31 one bank over, so the same level is conflict-free.
    const Trace plain =
        capture_trace(make_capture(kernel_id("blelloch"), 2048, InputKind::ones, 1, DeviceChoice::cpu)).trace;
    const Trace padded =
        capture_trace(make_capture(kernel_id("blelloch-padded"), 2048, InputKind::ones, 1, DeviceChoice::cpu))
            .trace;
    const BankAnalysis a = analyse_bank_conflicts(plain), b = analyse_bank_conflicts(padded);
    EXPECT_EQ(a.steps[1].loads, 64u) << "32 warps, two loads each";
    EXPECT_EQ(a.steps[1].load_conflicts, 64u) << "every load 2-way";
    EXPECT_EQ(b.steps[1].load_conflicts, 0u);
    EXPECT_LT(b.total.load_conflicts + b.total.store_conflicts, a.total.load_conflicts + a.total.store_conflicts);
}

} // namespace
} // namespace prefixlab::test
