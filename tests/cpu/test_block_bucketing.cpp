// Bucketing in one block (issue 37), the lecture's two answers to where each key of a histogram goes, each key's
// bucket its lowest two bits: by scan (radix_sort_digits.cuh's pass with a 2-bit digit) the keys in bucket order,
// each bucket in the keys' order, under every warp order; by atomics (kernels/block/bucket_by_atomics.cuh) a
// bucketing under every warp order, but the order within a bucket is the order the atomics came in, so two warp
// orders differ. The atomics are recorded as atomic accesses, and the check of an unordered bucketing finds a key
// in the wrong bucket.
#include "core/analysis/bank_conflicts.hpp"
#include "core/emulator/emulate_block_scan.hpp"
#include "core/ground/output_check.hpp"
#include "kernels/common/block_bucket.hpp"
#include "kernels/common/trace_records.hpp"
#include "support/catalogue_ids.hpp"
#include "support/scan_test_support.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace prefixlab::test {
namespace {

constexpr BlockAlgorithm kByScan = kernel_id("bucket-by-scan");
constexpr BlockAlgorithm kByAtomics = kernel_id("bucket-by-atomics");

RawTrace bucketed_in_emulator(BlockAlgorithm algorithm, ElementType type, std::vector<std::uint32_t> input,
                              WarpOrder order) {
    BlockRequest request = make_request(algorithm, static_cast<int>(input.size()), InputKind::iota, 1, type);
    request.input = std::move(input);
    request.warp_order = order;
    return emulate_block_scan(request);
}

// n keys whose lowest bits are random; each key unique in its upper bits, so that an order is visible.
std::vector<std::uint32_t> distinct_keys(int n, std::uint64_t seed) {
    std::mt19937 random(static_cast<std::uint32_t>(seed));
    std::vector<std::uint32_t> keys(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        keys[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i) << 2 | (random() & 3u);
    return keys;
}

constexpr WarpOrder kOrders[] = {WarpOrder::in_order, WarpOrder::reversed, WarpOrder::interleaved};

TEST(BlockBucketing, ByScanIsTheStableOrderAndByAtomicsABucketingUnderEveryWarpOrder) {
    for (ElementType type : {ElementType::int32, ElementType::uint32, ElementType::float32})
        for (int n : {1, 2, 31, 33, 64, 100, 1024})
            for (WarpOrder order : kOrders) {
                const std::vector<std::uint32_t> keys = distinct_keys(n, std::uint64_t(n) * 7 + 1);
                const std::string what = "n=" + std::to_string(n) + " order " + std::to_string(int(order)) +
                                         " type " + std::to_string(int(type));
                const RawTrace by_scan = bucketed_in_emulator(kByScan, type, keys, order);
                EXPECT_EQ(by_scan.output, reference_bucketing(type, keys)) << what;
                const RawTrace by_atomics = bucketed_in_emulator(kByAtomics, type, keys, order);
                EXPECT_EQ(check_bucketing_output(type, false, keys, by_atomics.output).wrong_count, 0u) << what;
            }
}

// The seed's argument: with atomics the schedule decides the order within a bucket. Warps in order take their
// slots in thread order (the stable order, by chance); reversed, the last warp's keys come first in each bucket.
TEST(BlockBucketing, ByAtomicsTheOrderWithinABucketIsTheSchedules) {
    const std::vector<std::uint32_t> keys = distinct_keys(128, 5);
    const RawTrace in_order = bucketed_in_emulator(kByAtomics, ElementType::uint32, keys, WarpOrder::in_order);
    const RawTrace reversed = bucketed_in_emulator(kByAtomics, ElementType::uint32, keys, WarpOrder::reversed);
    EXPECT_EQ(in_order.output, reference_bucketing(ElementType::uint32, keys));
    EXPECT_NE(reversed.output, in_order.output);
    EXPECT_GT(check_bucketing_output(ElementType::uint32, true, keys, reversed.output).wrong_count, 64u)
        << "checked as a stable bucketing, most keys are out of place";
    EXPECT_EQ(check_bucketing_output(ElementType::uint32, false, keys, reversed.output).wrong_count, 0u);
    // by scan, every warp order gives the one order
    for (WarpOrder order : kOrders)
        EXPECT_EQ(bucketed_in_emulator(kByScan, ElementType::uint32, keys, order).output, in_order.output);
}

// Every thread's two atomics (its count, its slot) are recorded as an atomic's read and write: 4 accesses each.
TEST(BlockBucketing, TheAtomicsAreRecordedAsAtomicAccesses) {
    const std::vector<std::uint32_t> keys = distinct_keys(70, 3);
    const RawTrace trace = bucketed_in_emulator(kByAtomics, ElementType::uint32, keys, WarpOrder::in_order);
    std::size_t atomic = 0;
    for (const AccessRecord& a : trace.accesses)
        atomic += (a.flags & kAccessAtomic) != 0;
    EXPECT_EQ(atomic, 4u * keys.size());
    const RawTrace by_scan = bucketed_in_emulator(kByScan, ElementType::uint32, keys, WarpOrder::in_order);
    for (const AccessRecord& a : by_scan.accesses)
        EXPECT_EQ(a.flags, 0u);
}

// The bank model counts shared atomics apart from loads and stores (Nsight Compute's op_atom): with iota keys, each
// warp's 32 lanes hit the 4 counts 8 lanes each (counting, the result unused), then the 4 cursors 8 lanes each
// (placing, the result used): 2 atomic instructions a warp, 8 lanes at each word. As the H200 counted them (Nsight
// Compute): the counting takes one wavefront, the placing 8, one a lane at a word (7 wait).
TEST(BlockBucketing, TheBankModelCountsTheAtomicsApartWithTheirContention) {
    const Trace trace = emulated_trace(kByAtomics, 64, InputKind::iota);
    const BankAnalysis banks = analyse_bank_conflicts(trace);
    EXPECT_EQ(banks.total.atomics, 4u);
    EXPECT_EQ(banks.total.atomic_conflicts, 2u * 7u);
    EXPECT_EQ(banks.total.serialised, 2u * 7u);
    int unused = 0;
    for (const WarpInstruction& in : banks.instructions)
        unused += in.atomic && in.result_unused;
    EXPECT_EQ(unused, 2) << "each warp's count drops the atomic's result, its placing uses it";
    std::size_t atomics = 0;
    for (const WarpInstruction& in : banks.instructions)
        for (std::uint32_t index : in.accesses) // an instruction is all atomic or none
            EXPECT_EQ((trace.accesses[index].flags & kAccessAtomic) != 0, in.atomic);
    for (const WarpInstruction& in : banks.instructions)
        if (in.atomic) {
            ++atomics;
            EXPECT_EQ(in.most_lanes_on_a_word, 8u);
            // the 4 counts (then the 4 cursors) lie in 4 banks: 8 lanes on each bank's one word
            int banks_used = 0;
            for (std::uint8_t lanes : in.lanes_on_word)
                if (lanes != 0) {
                    ++banks_used;
                    EXPECT_EQ(lanes, 8u);
                }
            EXPECT_EQ(banks_used, 4);
        }
    EXPECT_EQ(atomics, 4u);
    // every key in one bucket: 32 lanes on one word
    BlockRequest request = make_request(kByAtomics, 32, InputKind::ones, 1);
    const RawTrace raw = emulate_block_scan(request);
    std::size_t atomic_reads = 0;
    for (const AccessRecord& a : raw.accesses)
        atomic_reads += (a.flags & kAccessAtomic) != 0 && a.kind == AccessKind::read;
    EXPECT_EQ(atomic_reads, 64u);
    const BankAnalysis ones = analyse_bank_conflicts(emulated_trace(kByAtomics, 32, InputKind::ones));
    EXPECT_EQ(ones.total.serialised, 31u) << "the placing's 32 lanes take turns at one cursor; the counting's do not";
    EXPECT_EQ(ones.total.atomic_conflicts, 31u);
}

// The check of an unordered bucketing: a key in another bucket, or a key twice and another missing, is wrong.
TEST(BlockBucketing, TheUnorderedCheckFindsAKeyInTheWrongBucket) {
    const std::vector<std::uint32_t> keys = distinct_keys(40, 9);
    std::vector<std::uint32_t> out = reference_bucketing(ElementType::uint32, keys);
    std::swap(out[0], out.back()); // bucket 0's first key and bucket 3's last trade places
    if (block_bucket(out[0]) != block_bucket(out.back()))
        EXPECT_EQ(check_bucketing_output(ElementType::uint32, false, keys, out).wrong_count, 2u);
    std::vector<std::uint32_t> twice = reference_bucketing(ElementType::uint32, keys);
    twice[1] = twice[0];
    EXPECT_GT(check_bucketing_output(ElementType::uint32, false, keys, twice).wrong_count, 0u);
}

} // namespace
} // namespace prefixlab::test
