// The block histograms (issue 37; kernels/block/histogram_global_atomics.cuh, histogram_privatised.cuh): every one
// gives the CPU's counts of the 4 bins (block_bucket: a key's lowest two bits) under every warp order, for every
// element type and for N below the bins; its check finds a wrong count; the trace records the counts' atomics as
// atomics whose result is unused ("ur"/"uw" in trace files); and the contention the lecture shows differs as the
// kernels say: every lane of a bin at one word (global, block copy), a warp's own words (warp copies), one lane a
// bin and warp (aggregated).
#include "core/analysis/atomic_contention.hpp"
#include "core/analysis/bank_conflicts.hpp"
#include "core/emulator/emulate_block_scan.hpp"
#include "core/ground/output_check.hpp"
#include "core/trace/trace_json.hpp"
#include "kernels/common/block_histogram.hpp"
#include "kernels/common/trace_records.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

namespace prefixlab::test {
namespace {

constexpr BlockAlgorithm kGlobal = kernel_id("histogram-global-atomics");
constexpr BlockAlgorithm kShared = kernel_id("histogram-shared-atomics");
constexpr BlockAlgorithm kWarpPrivate = kernel_id("histogram-warp-private");
constexpr BlockAlgorithm kAggregated = kernel_id("histogram-aggregated");
constexpr BlockAlgorithm kHistograms[] = {kGlobal, kShared, kWarpPrivate, kAggregated};
constexpr WarpOrder kWarpOrders[] = {WarpOrder::in_order, WarpOrder::reversed, WarpOrder::interleaved};

RawTrace counted_in_emulator(BlockAlgorithm algorithm, ElementType type, std::vector<std::uint32_t> input, WarpOrder order) {
    BlockRequest request = make_request(algorithm, static_cast<int>(input.size()), InputKind::iota, 1, type);
    request.input = std::move(input);
    request.warp_order = order;
    return emulate_block_scan(request);
}

// n keys of the type: random bits (their bins random), or a skew: most in one bin.
std::vector<std::uint32_t> keys_of(int n, bool skewed, std::uint64_t seed) {
    std::mt19937 random(static_cast<std::uint32_t>(seed));
    std::vector<std::uint32_t> keys(static_cast<std::size_t>(n));
    for (auto& k : keys)
        k = skewed && random() % 8 != 0 ? 6u : static_cast<std::uint32_t>(random() & 0x3fffu);
    return keys;
}

TEST(BlockHistogram, EveryKernelGivesTheCpusCountsUnderEveryWarpOrder) {
    for (BlockAlgorithm algorithm : kHistograms)
        for (ElementType type : {ElementType::int32, ElementType::uint32, ElementType::float32})
            for (int n : {1, 2, 3, 4, 5, 31, 33, 64, 100, 1024})
                for (bool skewed : {false, true})
                    for (WarpOrder order : kWarpOrders) {
                        const std::vector<std::uint32_t> keys = keys_of(n, skewed, std::uint64_t(n) * 3 + skewed);
                        const RawTrace run = counted_in_emulator(algorithm, type, keys, order);
                        const std::string what = std::string(name_of(algorithm)) + " n=" + std::to_string(n) +
                                                 " type " + std::to_string(int(type)) + (skewed ? " skewed" : "") +
                                                 " order " + std::to_string(int(order));
                        EXPECT_EQ(run.output, reference_histogram(type, keys)) << what;
                        EXPECT_EQ(check_histogram_output(type, keys, run.output).wrong_count, 0u) << what;
                    }
}

// The reference by hand: 10 uint32 keys with bins 1, 1, 2, 3, 3, 3, 0, 1, 1, 2 (and a float's bin is its radix
// key's, not its value's), and the check finds a count one off, or a word past the bins written.
TEST(BlockHistogram, TheReferenceCountsTheBinsAndTheCheckFindsAWrongCount) {
    const std::vector<std::uint32_t> keys = {1, 5, 2, 3, 7, 11, 4, 9, 13, 6};
    std::vector<std::uint32_t> expected(keys.size(), kUnwrittenPattern);
    expected[0] = 1, expected[1] = 4, expected[2] = 2, expected[3] = 3;
    EXPECT_EQ(reference_histogram(ElementType::uint32, keys), expected);
    EXPECT_EQ(reference_histogram(ElementType::uint32, {3, 3}), (std::vector<std::uint32_t>{0, 0}))
        << "with 2 keys only bins 0 and 1 have a word; bin 3's keys are not counted";
    std::vector<std::uint32_t> wrong = expected;
    wrong[2] = 3;
    EXPECT_EQ(check_histogram_output(ElementType::uint32, keys, wrong).wrong_count, 1u);
    wrong = expected;
    wrong[4] = 0;
    EXPECT_EQ(check_histogram_output(ElementType::uint32, keys, wrong).wrong_count, 1u);
    const std::vector<std::uint32_t> as_float = reference_histogram(ElementType::float32, keys);
    EXPECT_EQ(from_bits<float>(as_float[1]) + from_bits<float>(as_float[0]) + from_bits<float>(as_float[2]) +
                  from_bits<float>(as_float[3]),
              10.0f)
        << "a float output holds its counts as floats";
}

// What each atomic instruction of a trace of n ones (every key in bin 1) looks like: the most lanes on one word,
// per instruction, and whether its result is unused.
std::vector<std::uint32_t> lanes_at_a_word(BlockAlgorithm algorithm, int n, bool* all_unused) {
    const Trace trace = emulated_trace(algorithm, n, InputKind::ones);
    const BankAnalysis banks = analyse_bank_conflicts(trace);
    std::vector<std::uint32_t> lanes;
    *all_unused = true;
    for (const WarpInstruction& in : banks.instructions)
        if (in.atomic) {
            lanes.push_back(in.most_lanes_on_a_word);
            *all_unused = *all_unused && in.result_unused;
        }
    EXPECT_EQ(banks.total.serialised, 0u) << name_of(algorithm) << ": a count drops its result, no lane waits";
    EXPECT_EQ(banks.total.atomic_conflicts, 0u) << name_of(algorithm);
    return lanes;
}

TEST(BlockHistogram, TheContentionIsEveryLaneOfABinOrOneLaneABinAndWarp) {
    bool unused = false;
    EXPECT_EQ(lanes_at_a_word(kShared, 64, &unused), (std::vector<std::uint32_t>{32, 32}));
    EXPECT_TRUE(unused);
    EXPECT_EQ(lanes_at_a_word(kWarpPrivate, 64, &unused), (std::vector<std::uint32_t>{32, 32}));
    EXPECT_TRUE(unused);
    EXPECT_EQ(lanes_at_a_word(kAggregated, 64, &unused), (std::vector<std::uint32_t>{1, 1}));
    EXPECT_TRUE(unused);
    // the warps' copies: warp w's atomics reach only its own words 4w … 4w + 3
    const Trace trace = emulated_trace(kWarpPrivate, 96, InputKind::random);
    for (const AccessRecord& a : trace.accesses)
        if ((a.flags & kAccessAtomic) != 0)
            EXPECT_EQ((a.word - trace.config.buffers.front().base_word) / kBlockBins, a.thread / 32u);
    // the global kernel's atomics are on the output, and none is a load or a store of it
    const Trace global = emulated_trace(kGlobal, 64, InputKind::ones);
    std::size_t atomics = 0;
    for (const AccessRecord& a : global.accesses)
        if ((a.flags & kAccessAtomic) != 0) {
            ++atomics;
            EXPECT_EQ(a.buffer, static_cast<std::uint8_t>(BufferId::output));
            EXPECT_EQ(a.word, 1u);
            EXPECT_NE(a.flags & kAccessResultUnused, 0u);
        }
    EXPECT_EQ(atomics, 2u * 64u) << "each key's atomic: its read and its write";
}

// The contention view's words at 64 keys 0..63 (16 a bin, 8 a bin in each warp): global and block copy, 16 lanes
// from 2 warps at each of 4 words; the warps' copies, 8 lanes from one warp at each of 8; aggregated, 2 lanes (a
// leader a warp) at each of 4. Shared ones are not global ones, and a step without atomics has none.
TEST(BlockHistogram, TheContentionViewCountsTheLanesAndWarpsAtEachWord) {
    const auto words_of = [](BlockAlgorithm algorithm, std::size_t step, bool shared) {
        return atomic_words(emulated_trace(algorithm, 64, InputKind::iota), step, shared);
    };
    const auto expect = [](const std::vector<AtomicWord>& words, std::size_t count, std::uint32_t lanes,
                           std::uint32_t warps, BufferId buffer, const char* what) {
        ASSERT_EQ(words.size(), count) << what;
        for (std::size_t w = 0; w < words.size(); ++w) {
            EXPECT_EQ(words[w].word, std::uint32_t(w)) << what;
            EXPECT_EQ(words[w].lanes, lanes) << what;
            EXPECT_EQ(words[w].warps, warps) << what;
            EXPECT_EQ(words[w].buffer, buffer) << what;
            EXPECT_TRUE(words[w].result_unused) << what;
        }
    };
    expect(words_of(kGlobal, 1, false), 4, 16, 2, BufferId::output, "global");
    EXPECT_TRUE(words_of(kGlobal, 1, true).empty());
    expect(words_of(kShared, 1, true), 4, 16, 2, BufferId::warp_totals, "shared");
    EXPECT_TRUE(words_of(kShared, 1, false).empty());
    expect(words_of(kWarpPrivate, 1, true), 8, 8, 1, BufferId::warp_totals, "warp-private");
    expect(words_of(kAggregated, 4, true), 4, 2, 2, BufferId::warp_totals, "aggregated");
    EXPECT_TRUE(words_of(kShared, 0, true).empty()) << "the clearing step makes no atomic";
    EXPECT_EQ(atomic_word_name("bins", 3), "bins[3]");
}

// A trace file keeps the unused-result atomics apart ("ur"/"uw") and reads them back so.
TEST(BlockHistogram, TraceFilesKeepAnAtomicsUnusedResult) {
    const Trace trace = emulated_trace(kShared, 40, InputKind::random);
    std::ostringstream text;
    write_trace_json(trace, text);
    const std::string json = text.str();
    EXPECT_NE(json.find("\"ur\""), std::string::npos);
    EXPECT_NE(json.find("\"uw\""), std::string::npos);
    const Trace back = trace_from_json_text(json);
    ASSERT_EQ(back.accesses.size(), trace.accesses.size());
    for (std::size_t i = 0; i < trace.accesses.size(); ++i)
        EXPECT_EQ(back.accesses[i].flags, trace.accesses[i].flags) << i;
}

} // namespace
} // namespace prefixlab::test
